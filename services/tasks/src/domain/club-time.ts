/**
 * The club's calendar: due dates are calendar dates in the club's time zone, so "today",
 * "overdue" and "the day before, at 9" are all read there.
 */
import { sliceWhole, TASK_REMINDER_HOUR } from '@teamapp/contracts';
import { clubToday } from '@teamapp/service-kit';
import { DateTime } from 'luxon';

export interface ClubCalendar {
  zone: string;
  /** The club's date of an instant (YYYY-MM-DD). */
  dateOf(instant: Date): string;
  /** A club date plus a number of days. */
  plusDays(date: string, days: number): string;
  /** When the assignee is reminded: the day before the due date, at the reminder hour. */
  reminderAt(dueDate: string): Date;
  /** "Fri, May 8, 2026" (US English, reference §9). */
  describe(date: string): string;
}

export function clubCalendar(zone: string): ClubCalendar {
  const day = (date: string) => DateTime.fromISO(date, { zone });
  return {
    zone,
    dateOf: (instant) => clubToday(zone, instant),
    plusDays: (date, days) => day(date).plus({ days }).toISODate()!,
    reminderAt: (dueDate) =>
      day(dueDate).minus({ days: 1 }).set({ hour: TASK_REMINDER_HOUR }).toJSDate(),
    describe: (date) =>
      day(date)
        .setLocale('en-US')
        .toLocaleString({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }),
  };
}

/** Text cut to a notification's limit (a 200-character title plus a prefix must still fit). */
export const clip = (text: string, max = 200) =>
  text.length <= max ? text : `${sliceWhole(text, max - 1)}…`;
