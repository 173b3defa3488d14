/**
 * Absence that answers for you: a Not Available entry covering an upcoming event makes the
 * member's answer not-attending with "Unavailable: {reason}" (marked auto), unless the member
 * answers themselves afterwards (events of any of the member's teams, and club-wide ones); deleting the entry takes its answers back (pending again, or
 * another entry's answer where one still covers the event). Past events are history: untouched.
 * Each names, on its unit of work, the scope of every member whose answers it may change
 * (list-cache.ts memberScope), so their own entries are read afresh.
 */
import { unavailableReason } from '@teamapp/contracts';
import type { EventsRepos, EventsStore } from '../db/repos';
import type { AutoAnswer } from '../db/rsvps.repo';
import type { AvailabilityRow, EventRow } from '../db/schema';
import { coversDate, dayRange, type ClubTime } from './club-time';
import { invitedTo } from './event-views';
import { dropAnswersOf } from './families';

/** The members whose answers these (auto) answers are or were, and their guardians. */
const namesMembers = (store: EventsStore, answers: { userId: string }[]) =>
  dropAnswersOf(
    store,
    answers.map((a) => a.userId),
  );

/** Whether a member (by id) is invited to events of a team: a check over the kept members. */
type Invited = (userId: string, teamId: string | null) => boolean;

async function invitedOf(store: EventsRepos): Promise<Invited> {
  const members = new Map((await store.members.all()).map((m) => [m.userId, m]));
  return (userId, teamId) => {
    const member = members.get(userId);
    return member ? invitedTo(member, teamId) : teamId === null;
  };
}

const answerOf = (entry: AvailabilityRow, eventId: string): AutoAnswer => ({
  eventId,
  userId: entry.userId,
  reason: unavailableReason(entry.reason),
  availabilityId: entry.id,
  answeredBy: entry.addedBy,
});

const later = (a: Date, b: Date) => (a > b ? a : b);

/** A new Not Available entry answers for every upcoming event on its days. */
export async function applyEntry(
  store: EventsStore,
  entry: AvailabilityRow,
  time: ClubTime,
  now: Date,
): Promise<void> {
  if (entry.isAvailable) return;
  const { from, to } = dayRange(entry.startDate, entry.endDate, time.zone);
  const member = await store.members.find(entry.userId);
  const covered = (await store.events.between(later(from, now), to)).filter((e) =>
    member ? invitedTo(member, e.teamId) : e.teamId === null,
  );
  await dropAnswersOf(store, [entry.userId]);
  await store.rsvps.answerForAbsence(covered.map((e) => answerOf(entry, e.id)));
}

/** Before an entry is deleted: its answers go; another entry of the member may answer instead. */
export async function releaseEntry(
  store: EventsStore,
  entry: AvailabilityRow,
  time: ClubTime,
  now: Date,
): Promise<void> {
  await dropAnswersOf(store, [entry.userId]);
  const eventIds = await store.rsvps.removeForAbsence(entry.id);
  if (eventIds.length === 0) return;
  const events = (await store.events.list({ ids: eventIds })).filter((e) => e.eventDate >= now);
  const others = (
    await store.availability.awayBetween(entry.startDate, entry.endDate, entry.userId)
  ).filter((other) => other.id !== entry.id);
  await store.rsvps.answerWhereUnanswered(answersFor(events, others, time, await invitedOf(store)));
}

/**
 * New or moved events: answers of entries that no longer cover them go, and entries that cover
 * them answer where the member has not answered.
 */
export async function refreshEvents(
  store: EventsStore,
  events: EventRow[],
  time: ClubTime,
  now: Date,
): Promise<void> {
  const upcoming = events.filter((e) => e.eventDate >= now);
  if (upcoming.length === 0) return;
  const dates = upcoming.map((e) => time.dateOf(e.eventDate)).sort();
  const entries = await store.availability.awayBetween(dates[0]!, dates.at(-1)!);
  const byId = new Map(entries.map((e) => [e.id, e]));
  const dateOf = new Map(upcoming.map((e) => [e.id, time.dateOf(e.eventDate)]));
  const stale = (await store.rsvps.autoFor(upcoming.map((e) => e.id))).filter((answer) => {
    const entry = answer.availabilityId ? byId.get(answer.availabilityId) : undefined;
    return !entry || !coversDate(entry, dateOf.get(answer.eventId)!);
  });
  const answers = answersFor(upcoming, entries, time, await invitedOf(store));
  await namesMembers(store, [...stale, ...answers]);
  await store.rsvps.remove(stale);
  await store.rsvps.answerWhereUnanswered(answers);
}

/**
 * One answer per (event, member) from the entries covering each event's day, oldest first, for
 * the events the member is invited to.
 */
function answersFor(
  events: EventRow[],
  entries: AvailabilityRow[],
  time: ClubTime,
  invited: Invited,
): AutoAnswer[] {
  const answers = new Map<string, AutoAnswer>();
  for (const event of events) {
    const date = time.dateOf(event.eventDate);
    for (const entry of entries) {
      const key = `${event.id}/${entry.userId}`;
      if (!entry.isAvailable && coversDate(entry, date) && !answers.has(key)) {
        if (!invited(entry.userId, event.teamId)) continue;
        answers.set(key, answerOf(entry, event.id));
      }
    }
  }
  return [...answers.values()];
}
