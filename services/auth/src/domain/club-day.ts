/**
 * The club's calendar day, in which ages are counted (docs/reference.md "Families"): a member
 * comes of age at midnight in the club's time zone, not the server's.
 */
let clubZone = 'UTC';

/** Set once at start from CLUB_TIME_ZONE. */
export function useClubTimeZone(zone: string): void {
  clubZone = zone;
}

/** The date (YYYY-MM-DD) in the club's time zone at `now`. */
export function clubToday(now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: clubZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The day before `day` (YYYY-MM-DD). */
export function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}
