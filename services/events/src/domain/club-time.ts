/**
 * The club's clock: event times are wall-clock times in the club's time zone, stored as instants.
 * A date and time sent without an offset is read in that zone; one with an offset is exact.
 */
import { sliceWhole } from '@teamapp/contracts';
import { badRequest, clubToday } from '@teamapp/service-kit';
import { DateTime } from 'luxon';

export interface ClubTime {
  zone: string;
  /** The instant of an ISO date and time; 400 naming the field when it is no real time. */
  parse(value: string, field: string): Date;
  /** The club's calendar date of an instant (YYYY-MM-DD). */
  dateOf(instant: Date): string;
  /** "Fri, May 1, 2026, 7:00 PM" in the club's zone (US English, reference §9). */
  describe(instant: Date): string;
}

export function clubTime(zone: string): ClubTime {
  return {
    zone,
    parse(value, field) {
      const parsed = DateTime.fromISO(value, { zone, setZone: false });
      if (!parsed.isValid) {
        throw badRequest(`${field} must be an ISO date and time such as 2026-05-01T19:00`, field);
      }
      return parsed.toJSDate();
    },
    dateOf: (instant) => clubToday(zone, instant),
    describe: (instant) =>
      DateTime.fromJSDate(instant, { zone }).setLocale('en-US').toLocaleString({
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
  };
}

/** The instants [from, to) that the club dates startDate..endDate (both included) span. */
export function dayRange(startDate: string, endDate: string, zone: string) {
  return {
    from: DateTime.fromISO(startDate, { zone }).startOf('day').toJSDate(),
    to: DateTime.fromISO(endDate, { zone }).plus({ days: 1 }).startOf('day').toJSDate(),
  };
}

/** Whether a club date falls inside an entry's range (both ends included). */
export const coversDate = (entry: { startDate: string; endDate: string }, date: string) =>
  entry.startDate <= date && date <= entry.endDate;

/** Text cut to a notification's limit (a 200-character title plus a prefix must still fit). */
export const clip = (text: string, max = 200) =>
  text.length <= max ? text : `${sliceWhole(text, max - 1)}…`;
