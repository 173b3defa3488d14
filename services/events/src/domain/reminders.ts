/**
 * Reminders that chase for the coach: 72 h and 24 h before each upcoming event, every active
 * member invited (a team's event: the team's members) who has not answered gets a notification and a mail. Each step is one BullMQ delayed job
 * per event with a deterministic id (event, step, start time), so scheduling twice adds it once;
 * a moved event gets new jobs and its old ones are removed (and, should one survive, it finds the
 * event's start changed and does nothing). Sending claims one row per member and step first, so
 * a job that runs twice reminds nobody twice, and a member who answered is never reminded. Each
 * mail carries the member's one-tap answer links (reference §2). A member without a login is
 * reminded through their guardians: one notification and one mail per guardian (family.ts), the
 * mail with the links of each of their children who has not answered; a guardian who also plays
 * gets their own answers in the same mail. The mails travel with the notifications, so content
 * sends them as the members' preferences, quiet hours and digest say (reference §2).
 */
import {
  REMINDER_HOURS,
  REMINDER_STEPS,
  type AnswerLinks,
  type EventReminderJob,
  type NotificationMail,
  type ReminderStep,
} from '@teamapp/contracts';
import { createDelayedJobs, type Logger } from '@teamapp/service-kit';
import type { Queue } from 'bullmq';
import type { EventsRepos, EventsStore, EventsTransaction } from '../db/repos';
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
   * Children without a login who have not answered, by guardian still a member (family.ts), each
   * list sorted by name.
   */
  async function childrenByGuardian(
    store: EventsStore,
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
    if (childrenOf.size === 0) return [];
    const guardians = await store.members.activeAmong([...childrenOf.keys()]);
    return guardians
      .sort((a, b) => (a.userId < b.userId ? -1 : 1))
      .map((guardian) => ({
        guardian,
        children: childrenOf.get(guardian.userId)!.sort((a, b) => a.name.localeCompare(b.name)),
      }));
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
        const guardians = await childrenByGuardian(store, children, families);
        const guarding = new Map(guardians.map((g) => [g.guardian.userId, g.children]));
        const reminder = (
          member: { userId: string; email: string | null; name: string | null },
          own: boolean,
          theirs: { userId: string; name: string }[] | undefined,
          names: string,
        ): Record<string, NotificationMail> | undefined =>
          mailable(member.email)
            ? {
                [member.userId]: {
                  template: 'event-reminder',
                  to: member.email,
                  name: member.name || 'team member',
                  title: own || !theirs ? event.title : clip(`${event.title} (for ${names})`),
                  when,
                  location: event.location,
                  scheduleUrl: deps.scheduleUrl,
                  ...(own && { answerLinks: deps.answerLinks(member.userId, event) }),
                  ...(theirs && {
                    children: theirs.map((c) => ({
                      name: c.name,
                      answerLinks: deps.answerLinks(c.userId, event, member.userId),
                    })),
                  }),
                },
              }
            : undefined;
        // Members reminded for themselves alone: one notification (with everyone's mail).
        const alone = due.filter((m) => !guarding.has(m.userId));
        if (alone.length > 0) {
          await store.notify(
            alone.map((m) => m.userId),
            {
              title: clip(`Reminder: ${event.title}`),
              message: `${when} at ${event.location}. Let your team know whether you are going.`,
              kind: 'reminders',
              eventId: event.id,
              answerUrls: pushAnswersOf(alone, event, deps.answerLinks),
              mails: Object.assign({}, ...alone.map((m) => reminder(m, true, undefined, ''))),
            },
          );
        }
        // Guardians, for their children, and for themselves too when they also play: one
        // notification and one mail per guardian and event. Their push answers for themselves
        // only, so a guardian who does not play gets one without the event.
        const dueIds = new Set(due.map((m) => m.userId));
        for (const { guardian, children: theirs } of guardians) {
          const plays = dueIds.has(guardian.userId);
          const names = namesInSentence(theirs.map((c) => c.name));
          const verb = theirs.length === 1 ? 'has' : 'have';
          await store.notify(guardian.userId, {
            title: clip(`Reminder: ${event.title}`),
            message: plays
              ? `${when} at ${event.location}. Let your team know whether you are going. ${names} ${verb} not answered yet.`
              : `${when} at ${event.location}. ${names} ${verb} not answered yet.`,
            kind: 'reminders',
            ...(plays && {
              eventId: event.id,
              answerUrls: pushAnswersOf([guardian], event, deps.answerLinks),
            }),
            mails: reminder(guardian, plays, theirs, names) ?? {},
          });
        }
        return claimed.length;
      }),
  };
}

export type ReminderUseCases = ReturnType<typeof createReminderUseCases>;
