/**
 * Dates and times in the club's time zone (the events service sends it with every list), so an
 * event at 19:00 shows 7:00 PM for every member whatever their device's zone. US English.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formats.set(key, f);
  }
  return f;
}

/** "Tue, Nov 3, 2026" */
export const clubDate = (iso: string, timeZone: string) =>
  format(timeZone, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(iso),
  );

/** "7:00 PM" */
export const clubTime = (iso: string, timeZone: string) =>
  format(timeZone, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** "Tue, Nov 3, 2026, 7:00 PM" */
export const clubDateTime = (iso: string, timeZone: string) =>
  `${clubDate(iso, timeZone)}, ${clubTime(iso, timeZone)}`;

/** The club's calendar date and wall-clock time of an instant: { date: YYYY-MM-DD, time: HH:mm }. */
export function clubParts(iso: string, timeZone: string): { date: string; time: string } {
  const parts = format(timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
  };
}

/** A calendar date (YYYY-MM-DD) as "Wed, May 6, 2026"; a date has no zone, so UTC is neutral. */
export const calendarDay = (isoDate: string) =>
  format('UTC', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
