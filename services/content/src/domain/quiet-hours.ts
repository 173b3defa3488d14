/**
 * Quiet hours (reference §2): a member's daily `{start, end}` (HH:MM in the club's time zone; it
 * may span midnight, and start equal to end means none) during which their pushes are held until
 * the end, except an urgent one: a change or cancellation of an event starting within
 * URGENT_EVENT_WINDOW_HOURS. Read at send time, so a preference changed meanwhile applies.
 */
import {
  URGENT_EVENT_WINDOW_HOURS,
  type NotificationPreferences,
  type PushJob,
} from '@teamapp/contracts';
import { DateTime } from 'luxon';
import type { PushRepo } from '../db/push.repo';
import { withDefaults } from './push';

export type QuietHours = NotificationPreferences['quietHours'];

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/**
 * When the quiet period that `now` falls in ends, or null when `now` is not quiet. Wall-clock
 * times in `zone`: on a day the clocks change, an end that does not exist (skipped hour) is the
 * same time after the gap (02:30 in a skipped hour is 03:30), and one that occurs twice is its
 * second occurrence (after the clocks went back).
 */
export function quietUntil(quiet: QuietHours, zone: string, now: Date): Date | null {
  if (!quiet) return null;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  const local = DateTime.fromJSDate(now, { zone });
  const at = local.hour * 60 + local.minute;
  const spansMidnight = start > end;
  const quietNow = spansMidnight ? at >= start || at < end : at >= start && at < end;
  if (!quietNow) return null;
  // Past midnight's start the end is tomorrow; otherwise it is today.
  const day = spansMidnight && at >= start ? local.plus({ days: 1 }) : local;
  const until = DateTime.fromObject(
    {
      year: day.year,
      month: day.month,
      day: day.day,
      hour: Math.floor(end / 60),
      minute: end % 60,
    },
    { zone },
  ).toJSDate();
  return until > now ? until : null;
}

/** Whether a push is about an event's change or cancellation that starts soon (reference §2). */
export const isUrgent = (eventAt: string | undefined, now: Date) =>
  eventAt !== undefined &&
  new Date(eventAt).getTime() - now.getTime() <= URGENT_EVENT_WINDOW_HOURS * 3600_000;

/** Until when a queued push waits for its member's quiet hours to end; null: send it now. */
export function createPushHold(deps: {
  repo: Pick<PushRepo, 'subscription' | 'preferencesOf'>;
  zone: string;
  now: () => Date;
}) {
  return async (job: PushJob): Promise<Date | null> => {
    const now = deps.now();
    if (isUrgent(job.eventAt, now)) return null;
    const sub = await deps.repo.subscription(job.subscriptionId);
    if (!sub) return null;
    const chosen = (await deps.repo.preferencesOf([sub.userId])).get(sub.userId);
    return quietUntil(withDefaults(chosen).quietHours, deps.zone, now);
  };
}

export type PushHold = ReturnType<typeof createPushHold>;
