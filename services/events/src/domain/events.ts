/**
 * Event use cases: list with attendees, create (one event or a weekly series, whole or not at
 * all), change or delete one occurrence or it and the following ones, answer (RSVP), and who is
 * away on given dates. Every write tells the members concerned in the same transaction (through
 * the outbox) and keeps the reminders in step once it has committed.
 */
import type {
  Attendee,
  ClubEvent,
  EventScope,
  EventType,
  Recurrence,
  Role,
  RsvpStatus,
} from '@teamapp/contracts';
import { badRequest, notFound } from '@teamapp/service-kit';
import { DateTime } from 'luxon';
import type { EventFilter, EventPatch, EventWithSeries } from '../db/events.repo';
import type { EventsRepos, EventsStore, EventsTransaction } from '../db/repos';
import type { EventRow, SeriesRow } from '../db/schema';
import { refreshEvents } from './absences';
import { clip, type ClubTime } from './club-time';
import { awayOn, byUserId, loadEventList, toAttendee, toClubEvents } from './event-views';
import { listScopesOf } from './list-cache';
import { mailable } from './members';
import { expandRecurrence } from './recurrence';
import type { ReminderScheduler } from './reminders';

/** An event as the API receives it, after validation. */
export interface EventFields {
  title: string;
  description: string;
  eventDate: string;
  location: string;
  type: EventType;
  isRequired: boolean;
  recurrence?: Recurrence | null;
}

export const EVENT_NOT_FOUND = 'Event not found';
export const ANSWERS_CLOSED = 'This event has already started; answers are closed';

const fieldsOf = (input: EventFields) => ({
  title: input.title,
  description: input.description,
  location: input.location,
  type: input.type,
  isRequired: input.isRequired,
});

const sameRule = (series: SeriesRow | null, rule: Recurrence) =>
  !!series &&
  [...series.weekdays].sort().join() === [...rule.weekdays].sort().join() &&
  (series.until ?? undefined) === rule.until &&
  (series.count ?? undefined) === rule.count;

export function createEventUseCases(deps: {
  repos: EventsRepos;
  inTransaction: EventsTransaction;
  time: ClubTime;
  reminders: ReminderScheduler;
  now: () => Date;
}) {
  const { repos, inTransaction, time, reminders } = deps;

  const views = async (filter: EventFilter, withAway: boolean): Promise<ClubEvent[]> =>
    toClubEvents(await loadEventList(repos, filter, time), time, { withAway });

  const findOr404 = async (store: EventsRepos, id: string): Promise<EventWithSeries> => {
    const event = await store.events.find(id);
    if (!event) throw notFound(EVENT_NOT_FOUND);
    return event;
  };

  /** Members still counted on for any of these events: all but those who said they cannot go. */
  async function counted(store: EventsRepos, events: EventRow[]): Promise<string[]> {
    if (events.length === 0) return [];
    const [answers, members] = await Promise.all([
      store.rsvps.forList({ ids: events.map((e) => e.id) }),
      store.members.all(),
    ]);
    const declined = new Set(
      answers.filter((a) => a.status === 'not-attending').map((a) => `${a.eventId}/${a.userId}`),
    );
    const inactive = new Set(members.filter((m) => !m.active).map((m) => m.userId));
    const users = new Set<string>();
    for (const event of events) {
      for (const m of members) {
        if (m.active && !declined.has(`${event.id}/${m.userId}`)) users.add(m.userId);
      }
    }
    for (const a of answers) {
      if (a.status !== 'not-attending' && !inactive.has(a.userId)) users.add(a.userId);
    }
    return [...users];
  }

  async function announceNew(store: EventsStore, created: EventRow[]) {
    const upcoming = created.filter((e) => e.eventDate >= deps.now());
    const first = upcoming[0];
    if (!first) return;
    await store.notify(
      'everyone',
      upcoming.length === 1
        ? {
            title: clip(`New event: ${first.title}`),
            message: `${time.describe(first.eventDate)} at ${first.location}`,
          }
        : {
            title: clip(`New events: ${first.title}`),
            message: `${upcoming.length} events from ${time.describe(first.eventDate)} at ${first.location}`,
          },
    );
  }

  /** A change of date, time or place goes to those attending or undecided. */
  async function announceChange(store: EventsStore, before: EventRow[], after: EventRow[]) {
    const old = new Map(before.map((e) => [e.id, e]));
    const now = deps.now();
    const changed = after.filter((e) => {
      const was = old.get(e.id);
      return (
        !!was &&
        (was.eventDate.getTime() !== e.eventDate.getTime() || was.location !== e.location) &&
        (e.eventDate >= now || was.eventDate >= now)
      );
    });
    const first = changed[0];
    if (!first) return;
    const audience = await counted(store, changed);
    if (audience.length === 0) return;
    const more = changed.length > 1 ? `, and the ${changed.length - 1} following events` : '';
    await store.notify(audience, {
      title: clip(`Event changed: ${first.title}`),
      message: `Now ${time.describe(first.eventDate)} at ${first.location}${more}`,
    });
  }

  /** A cancelled event notifies and mails those who said Going (once each, first date named). */
  async function announceCancelled(store: EventsStore, cancelled: EventRow[]) {
    const upcoming = cancelled.filter((e) => e.eventDate >= deps.now());
    if (upcoming.length === 0) return;
    const answers = await store.rsvps.forList({ ids: upcoming.map((e) => e.id) });
    const byId = new Map(upcoming.map((e) => [e.id, e]));
    const going = new Map<string, EventRow[]>();
    for (const a of answers) {
      if (a.status !== 'attending') continue;
      going.set(a.userId, [...(going.get(a.userId) ?? []), byId.get(a.eventId)!]);
    }
    if (going.size === 0) return;
    const members = new Map(
      (await store.members.activeAmong([...going.keys()])).map((m) => [m.userId, m]),
    );
    for (const [userId, events] of going) {
      events.sort((a, b) => a.eventDate.getTime() - b.eventDate.getTime());
      const first = events[0]!;
      const later = events.length > 1 ? ` and ${events.length - 1} later dates` : '';
      const when = `${time.describe(first.eventDate)}${later}`;
      await store.notify(userId, {
        title: clip(`Event cancelled: ${first.title}`),
        message: `${when} at ${first.location} has been cancelled.`,
      });
      const member = members.get(userId);
      if (member && mailable(member.email)) {
        await store.enqueue('mail', {
          template: 'event-cancelled',
          to: member.email,
          name: member.name || 'team member',
          title: first.title,
          when,
          location: first.location,
        });
      }
    }
  }

  /** Moves each occurrence by the same number of days, to the new time of day. */
  function shifted(targets: EventRow[], from: Date, to: Date): Date[] {
    const a = DateTime.fromJSDate(from, { zone: time.zone });
    const b = DateTime.fromJSDate(to, { zone: time.zone });
    const days = Math.round(b.startOf('day').diff(a.startOf('day'), 'days').days);
    const clock = { hour: b.hour, minute: b.minute, second: b.second, millisecond: 0 };
    return targets.map((t) =>
      DateTime.fromJSDate(t.eventDate, { zone: time.zone }).plus({ days }).set(clock).toJSDate(),
    );
  }

  interface Change {
    before: EventRow[];
    after: EventRow[];
    removed: EventRow[];
    added: EventRow[];
  }

  async function changeOne(
    store: EventsStore,
    current: EventRow,
    input: EventFields,
    eventDate: Date,
  ): Promise<Change> {
    const updated = await store.events.update(current.id, { ...fieldsOf(input), eventDate });
    return { before: [current], after: [updated!], removed: [], added: [] };
  }

  /** This and the following occurrences take the fields and move by the same days and time. */
  async function moveFollowing(
    store: EventsStore,
    current: EventRow,
    input: EventFields,
    eventDate: Date,
  ): Promise<Change> {
    const before = await store.events.seriesFrom(current.seriesId!, current.eventDate);
    const dates = shifted(before, current.eventDate, eventDate);
    const after: EventRow[] = [];
    for (const [i, target] of before.entries()) {
      const patch: EventPatch = { ...fieldsOf(input), eventDate: dates[i]! };
      after.push((await store.events.update(target.id, patch))!);
    }
    return { before, after, removed: [], added: [] };
  }

  /**
   * A new series from this event: it becomes the first occurrence, the rule makes the rest, and
   * (with scope following) the old series' later occurrences go.
   */
  async function planAgain(
    store: EventsStore,
    current: EventRow,
    input: EventFields,
    eventDate: Date,
    rule: Recurrence,
    following: boolean,
  ): Promise<Change> {
    const dates = expandRecurrence(eventDate, rule, time.zone);
    const seriesId = (await store.events.insertSeries(rule)).id;
    const updated = await store.events.update(current.id, {
      ...fieldsOf(input),
      eventDate,
      seriesId,
    });
    let removed: EventRow[] = [];
    if (following) {
      const rest = await store.events.seriesFrom(current.seriesId!, current.eventDate);
      removed = await store.events.deleteMany(
        rest.filter((e) => e.id !== current.id).map((e) => e.id),
      );
    }
    const added = await store.events.insertMany(
      dates
        .filter((d) => d.getTime() !== eventDate.getTime())
        .map((d) => ({ ...fieldsOf(input), eventDate: d, seriesId })),
    );
    return { before: [current], after: [updated!, ...added], removed, added };
  }

  return {
    timeZone: time.zone,

    async list(viewer: { role: Role }, filter: { type?: EventType } = {}) {
      return views(filter, viewer.role === 'admin');
    },

    async create(input: EventFields, by: string): Promise<ClubEvent[]> {
      const first = time.parse(input.eventDate, 'eventDate');
      const rule = input.recurrence ?? null;
      const dates = rule ? expandRecurrence(first, rule, time.zone) : [first];
      const created = await inTransaction(async (store) => {
        const seriesId = rule ? (await store.events.insertSeries(rule)).id : null;
        const rows = await store.events.insertMany(
          dates.map((eventDate) => ({ ...fieldsOf(input), eventDate, seriesId, createdBy: by })),
        );
        await refreshEvents(store, rows, time, deps.now());
        await announceNew(store, rows);
        store.dropCached(...listScopesOf(rows.map((e) => e.type)));
        return rows;
      });
      await reminders.schedule(created);
      return views({ ids: created.map((e) => e.id) }, true);
    },

    /**
     * Changes one event, or it and the following ones of its series. A new rule (on a single
     * event, or with scope following) plans the series again from this event; with scope this,
     * an occurrence changes alone and the rule it was sent with is left as it was.
     */
    async update(id: string, input: EventFields, scope: EventScope): Promise<ClubEvent[]> {
      const eventDate = time.parse(input.eventDate, 'eventDate');
      const rule = input.recurrence ?? null;
      const result = await inTransaction(async (store) => {
        const current = await findOr404(store, id);
        const following = scope === 'following' && current.seriesId !== null;
        const replan =
          rule !== null &&
          (current.seriesId === null || (following && !sameRule(current.series, rule)));
        const change = replan
          ? await planAgain(store, current, input, eventDate, rule, following)
          : following
            ? await moveFollowing(store, current, input, eventDate)
            : await changeOne(store, current, input, eventDate);
        await refreshEvents(store, change.after, time, deps.now());
        await announceChange(store, change.before, change.after);
        await announceNew(store, change.added);
        const touched = [...change.before, ...change.after, ...change.removed, ...change.added];
        store.dropCached(...listScopesOf(touched.map((e) => e.type)));
        return change;
      });
      await reminders.reschedule(result.before, result.after);
      await reminders.unschedule(result.removed);
      return views({ ids: result.after.map((e) => e.id) }, true);
    },

    async remove(id: string, scope: EventScope): Promise<number> {
      const deleted = await inTransaction(async (store) => {
        const current = await findOr404(store, id);
        const targets =
          scope === 'following' && current.seriesId
            ? await store.events.seriesFrom(current.seriesId, current.eventDate)
            : [current];
        await announceCancelled(store, targets);
        store.dropCached(...listScopesOf(targets.map((e) => e.type)));
        return store.events.deleteMany(targets.map((e) => e.id));
      });
      await reminders.unschedule(deleted);
      return deleted.length;
    },

    async rsvp(eventId: string, userId: string, status: RsvpStatus): Promise<Attendee> {
      const event = await findOr404(repos, eventId);
      if (event.eventDate < deps.now()) throw badRequest(ANSWERS_CLOSED);
      const rsvp = await inTransaction(async (store) => {
        // The answer shows in the unfiltered list and in the list of the event's type only.
        store.dropCached(...listScopesOf([event.type]));
        return store.rsvps.answer(eventId, userId, status);
      });
      return toAttendee({ userId, rsvp });
    },

    /** Who is away on each of these club dates (the event modal's collision warning). */
    async conflicts(dates: string[]) {
      const sorted = [...dates].sort();
      const [away, members] = await Promise.all([
        repos.availability.awayBetween(sorted[0]!, sorted.at(-1)!),
        repos.members.all(),
      ]);
      const memberById = byUserId(members);
      return dates.map((date) => ({ date, away: awayOn({ away, memberById }, date) }));
    },
  };
}

export type EventUseCases = ReturnType<typeof createEventUseCases>;
