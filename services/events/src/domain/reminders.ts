/**
 * Reminders that chase for the coach: 72 h and 24 h before each upcoming event, every active
 * member invited (a team's event: the team's members) who has not answered gets a notification and a mail. Each step is one BullMQ delayed job
 * per event with a deterministic id (event, step, start time), so scheduling twice adds it once;
 * a moved event gets new jobs and its old ones are removed (and, should one survive, it finds the
 * event's start changed and does nothing). Sending claims one row per member and step first, so
 * a job that runs twice reminds nobody twice, and a member who answered is never reminded. Each
 * mail carries the member's one-tap answer links (reference §2). A member without a login is
 * reminded through their guardians: one notification and one mail per guardian (family.ts), the
 * mail with the links of each of their children who has not answered.
 */
import {
  REMINDER_HOURS,
  REMINDER_STEPS,
  type AnswerLinks,
  type EventReminderJob,
  type ReminderStep,
} from '@teamapp/contracts';
import { createDelayedJobs, type Logger } from '@teamapp/service-kit';
import type { Queue } from 'bullmq';
import type { EventsRepos, EventsStore, EventsTransaction } from '../db/repos';
import type { EventRow } from '../db/schema';
import { clip, type ClubTime } from './club-time';
import { familiesById, type Families } from './families';
import { mailable } from './members';
import { pushAnswersOf } from './push-answers';

interface Timed {
  id: string;
  eventDate: Date;
}

export const reminderJobId = (eventId: string, step: ReminderStep, startsAt: Date) =>
  `reminder-${eventId}-${step}-${startsAt.getTime()}`;

export interface ReminderScheduler {
  /** Adds the reminders still ahead of these events (idempotent). */
  schedule(events: Timed[]): Promise<void>;
  /** Removes the reminders of these events at these start times. */
  unschedule(events: Timed[]): Promise<void>;
  /** The events moved from `before` to `after` (same ids): old reminders go, new ones come. */
  reschedule(before: Timed[], after: Timed[]): Promise<void>;
  /** Schedules every upcoming event's reminders (at start, in case Redis lost some). */
  reconcile(): Promise<number>;
}

export function createReminderScheduler(deps: {
  queue: Queue;
  repos: EventsRepos;
  now: () => Date;
  log: Logger;
}): ReminderScheduler {
  const delayed = createDelayedJobs<EventReminderJob>({ ...deps, label: 'reminders' });
  const jobs = (events: Timed[]) =>
    events.flatMap((event) =>
      REMINDER_STEPS.map((step) => ({
        id: reminderJobId(event.id, step, event.eventDate),
        runAt: event.eventDate.getTime() - REMINDER_HOURS[step] * 3_600_000,
        data: { eventId: event.id, step, startsAt: event.eventDate.toISOString() },
      })),
    );
  const ids = (events: Timed[]) => jobs(events).map((job) => job.id);

  return {
    schedule: (events) => delayed.schedule(jobs(events)),
    unschedule: (events) => delayed.cancel(ids(events)),
    // An event whose start did not change keeps its job ids, so keeps its reminders.
    reschedule: (before, after) => delayed.replace(ids(before), jobs(after)),
    async reconcile() {
      const upcoming = await deps.repos.events.upcoming(deps.now());
      await delayed.schedule(jobs(upcoming));
      return upcoming.length;
    },
  };
}

/** Names in a sentence: "Sam", "Sam and Alex", "Sam, Alex and Jo". */
export const namesInSentence = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

export function createReminderUseCases(deps: {
  inTransaction: EventsTransaction;
  time: ClubTime;
  now: () => Date;
  scheduleUrl: string;
  /**
   * The member's one-tap answers for the event (answer-links.ts), carried by each mail; with
   * `guardianId`, a child's, recorded as answered by that guardian.
   */
  answerLinks: (
    memberId: string,
    event: { id: string; eventDate: Date },
    guardianId?: string,
  ) => AnswerLinks;
}) {
  /**
   * Children without a login who have not answered: each of their guardians still a member gets
   * one notification and one mail for the event naming those of their children, the mail with
   * each child's one-tap links (signed for the child, recorded as the guardian's answer). The
   * push carries no event: its Going and Can't Go would answer for the guardian.
   */
  async function remindGuardians(
    store: EventsStore,
    event: EventRow,
    when: string,
    children: { userId: string; name: string | null }[],
    families: Families,
  ) {
    const childrenOf = new Map<string, { userId: string; name: string }[]>();
    for (const child of children) {
      for (const guardian of families.get(child.userId)?.guardians ?? []) {
        const named = { userId: child.userId, name: child.name || 'your child' };
        childrenOf.set(guardian.userId, [...(childrenOf.get(guardian.userId) ?? []), named]);
      }
    }
    if (childrenOf.size === 0) return;
    const guardians = await store.members.activeAmong([...childrenOf.keys()]);
    for (const guardian of guardians.sort((a, b) => (a.userId < b.userId ? -1 : 1))) {
      const theirs = childrenOf.get(guardian.userId)!.sort((a, b) => a.name.localeCompare(b.name));
      const names = namesInSentence(theirs.map((c) => c.name));
      const verb = theirs.length === 1 ? 'has' : 'have';
      await store.notify(guardian.userId, {
        title: clip(`Reminder: ${event.title}`),
        message: `${when} at ${event.location}. ${names} ${verb} not answered yet.`,
        kind: 'reminders',
      });
      if (!mailable(guardian.email)) continue;
      await store.enqueue('mail', {
        template: 'event-reminder',
        to: guardian.email,
        name: guardian.name || 'team member',
        title: clip(`${event.title} (for ${names})`),
        when,
        location: event.location,
        scheduleUrl: deps.scheduleUrl,
        children: theirs.map((c) => ({
          name: c.name,
          answerLinks: deps.answerLinks(c.userId, event, guardian.userId),
        })),
      });
    }
  }

  return {
    /**
     * Handler of one reminder job: reminds the members of the event who have not answered yet.
     * Returns how many were reminded (0 when the event moved, is gone, or has started).
     */
    send: (job: EventReminderJob) =>
      deps.inTransaction(async (store) => {
        const event = await store.events.find(job.eventId);
        if (!event || event.eventDate.getTime() !== Date.parse(job.startsAt)) return 0;
        if (event.eventDate <= deps.now()) return 0;
        const claimed = await store.reminders.claim(
          event.id,
          job.step,
          event.eventDate,
          event.teamId,
        );
        if (claimed.length === 0) return 0;
        const when = deps.time.describe(event.eventDate);
        // A member without a login is reminded through their guardians (family.ts).
        const families = familiesById(await store.families.among(claimed.map((m) => m.userId)));
        const withoutLogin = (userId: string) => families.get(userId)?.hasLogin === false;
        const due = claimed.filter((m) => !withoutLogin(m.userId));
        const children = claimed.filter((m) => withoutLogin(m.userId));
        if (due.length > 0) {
          await store.notify(
            due.map((m) => m.userId),
            {
              title: clip(`Reminder: ${event.title}`),
              message: `${when} at ${event.location}. Let your team know whether you are going.`,
              kind: 'reminders',
              eventId: event.id,
              answerUrls: pushAnswersOf(due, event, deps.answerLinks),
            },
          );
        }
        for (const member of due) {
          if (!mailable(member.email)) continue;
          await store.enqueue('mail', {
            template: 'event-reminder',
            to: member.email,
            name: member.name || 'team member',
            title: event.title,
            when,
            location: event.location,
            scheduleUrl: deps.scheduleUrl,
            answerLinks: deps.answerLinks(member.userId, event),
          });
        }
        await remindGuardians(store, event, when, children, families);
        return claimed.length;
      }),
  };
}

export type ReminderUseCases = ReturnType<typeof createReminderUseCases>;
