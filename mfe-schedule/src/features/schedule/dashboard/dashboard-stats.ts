/**
 * The dashboard's event figures (reference §2 Dashboard, §4, §9), computed from GET /events by
 * the schedule's dashboard widget (schedule-cards.tsx):
 * upcoming events, the average attendance of the upcoming ones, the next event and when it is,
 * and a player's own attendance rate. Dates are shown in the club's time zone (the response's
 * `timeZone`), whatever the browser's zone.
 */
import type { ClubEvent } from '@teamapp/contracts';
import { clubDateTime, clubParts } from '../../shared/club-time';
import { ownAnswer, type OwnEntries } from '../../shared/own-answer';

const time = (event: ClubEvent) => new Date(event.event_date).getTime();

/** A rounded percentage (half up), or null when there is nothing to divide by. */
export function percent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part * 100) / whole) : null;
}

/** Events whose date is now or later (reference §4), soonest first. */
export function upcomingEvents(events: ClubEvent[], now: Date): ClubEvent[] {
  return events.filter((e) => time(e) >= now.getTime()).sort((a, b) => time(a) - time(b));
}

/** The next event, if any. */
export const nextEvent = (events: ClubEvent[], now: Date): ClubEvent | undefined =>
  upcomingEvents(events, now)[0];

/**
 * Admin's Average Attendance (reference §9): the rounded percentage of attending among all responses
 * (attending, maybe, not-attending; pending is no response) on upcoming events; null without any.
 */
export function averageAttendance(events: ClubEvent[], now: Date): number | null {
  let attending = 0;
  let responses = 0;
  for (const { counts } of upcomingEvents(events, now)) {
    responses += counts.attending + counts.maybe + counts['not-attending'];
    attending += counts.attending;
  }
  return percent(attending, responses);
}

/**
 * A player's Attendance Rate across all events (reference §2): the events they answered attending
 * (their own entry, from the list's `mine`), as a rounded percentage of all events, past and
 * upcoming; null when there are no events.
 */
export function playerAttendanceRate(
  events: ClubEvent[],
  userId: string,
  mine: OwnEntries | undefined,
): number | null {
  const attending = events.filter((e) => ownAnswer(e, userId, mine)?.status === 'attending').length;
  return percent(attending, events.length);
}

/** The calendar date after a YYYY-MM-DD date (calendar arithmetic, so no DST surprises). */
function dayAfter(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/**
 * When an event is, in the club's zone: "Today", "Tomorrow", or a US-English date and time such
 * as "Fri, May 1, 2026, 7:00 PM" (reference §2, §9).
 */
export function whenLabel(eventDate: string, now: Date, timeZone: string): string {
  const day = clubParts(eventDate, timeZone).date;
  const today = clubParts(now.toISOString(), timeZone).date;
  if (day === today) return 'Today';
  if (day === dayAfter(today)) return 'Tomorrow';
  return clubDateTime(eventDate, timeZone);
}
