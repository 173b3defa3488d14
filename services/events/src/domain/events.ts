/**
 * Event use cases: list with attendees, create (one event or a weekly series, whole or not at
 * all), change or delete one occurrence or it and the following ones, answer (RSVP), and who is
 * away on given dates. Every write tells the members concerned in the same transaction (through
 * the outbox) and keeps the reminders in step once it has committed.
 */
import {
  EVENTS_DELETE_FORBIDDEN,
  EVENTS_MANAGE_FORBIDDEN,
  FAMILY_EVENTS_PER_CHILD,
  TEAM_NOT_FOUND,
  type Attendee,
  type ClubEvent,
  type EventScope,
  type EventType,
  type FamilyChild,
  type Recurrence,
  type RsvpStatus,
} from '@teamapp/contracts';
import {
  badRequest,
  coachedTeams,
  forbidden,
  mayCoachTeam,
  maySeeTeam,
  notFound,
  requireCoachOf,
  requireSeesTeam,
  type AuthUser,
  type CachedAnswer,
  type TeamCaller,
} from '@teamapp/service-kit';
import { gzipSync } from 'node:zlib';
import { DateTime } from 'luxon';
import type { EventFilter, EventPatch, EventWithSeries } from '../db/events.repo';
import type { EventsRepos, EventsStore } from '../db/repos';
import type { EventRow, MemberRow, SeriesRow } from '../db/schema';
import { refreshEvents } from './absences';
import { clip } from './club-time';
import {
  answeredBy,
  awayOn,
  byUserId,
  invitedTo,
  loadEventList,
  ownEntries,
  toAttendee,
  toClubEvents,
} from './event-views';
import {
  composeLists,
  memberScope,
  PAST_PAGE,
  scopesOfEvents,
  serializeList,
  type ListCache,
  type ListedEvent,
  type ListVariant,
} from './list-cache';
import { answerScopes, familiesById, requireGuardianOf } from './families';
import { mailable } from './members';
import { expandRecurrence } from './recurrence';
import type { ReminderScheduler } from './reminders';
import type { EventsUseCaseDeps } from './use-case-deps';

/** An event as the API receives it, after validation. */
export interface EventFields {
  title: string;
  description: string;
  eventDate: string;
  location: string;
  type: EventType;
  isRequired: boolean;
  recurrence?: Recurrence | null;
  /** The event's team; null: club-wide; absent on a change: the team it has. */
  teamId?: string | null;
}

/** Who is calling: the signed-in member's id and club role. */
export type Caller = Pick<AuthUser, 'id' | 'role'>;

/** One of the lists a member's schedule is made of: club-wide (team null) or one team's. */
export interface ScheduleList {
  variant: ListVariant;
  team: string | null;
  type?: EventType;
  /** Whether it names who is away (admins; a team's coaches on its list). */
  withAway: boolean;
  /**
   * For those who do not run its events (a player's): it names no one's answer, and the
   * caller's own entries for its events go in the answer's `mine` (reference §7).
   */
  own: boolean;
  /**
   * A team only the caller's children are in (family.ts): a player's list, but the caller is not
   * invited to its events, so it gives nothing to `mine`; their children's entries say whose it is.
   */
  forChildren?: boolean;
}

/** A guardian's child as their schedule takes them: the child's teams. */
export interface ScheduleChild {
  userId: string;
  teams: string[];
}

/** What a member's scope keeps of their answers: their own, and each child's (a guardian's). */
interface KeptAnswers {
  mine: Record<string, Attendee>;
  children: (ScheduleChild & { answers: Record<string, Attendee> })[];
}

export const EVENT_NOT_FOUND = 'Event not found';
export const ANSWERS_CLOSED = 'This event has already started; answers are closed';

const fieldsOf = (input: EventFields, teamId: string | null) => ({
  title: input.title,
  description: input.description,
  location: input.location,
  type: input.type,
  isRequired: input.isRequired,
  teamId,
});

/**
 * Refuses a write to events of these teams unless the caller runs each: 404 when an event is of a
 * team the caller is not in, 403 when they see it but do not coach its team.
 */
function requireCoachOfAll(
  caller: TeamCaller,
  events: Pick<EventRow, 'teamId'>[],
  forbiddenMessage: string,
) {
  for (const teamId of new Set(events.map((e) => e.teamId))) {
    requireCoachOf(caller, teamId, EVENT_NOT_FOUND, forbiddenMessage);
  }
}

/**
 * The event a coach records on (who came, a game's result): 404 when there is none or it is of a
 * team the caller is not in, 403 when they see it but do not coach its team.
 */
export async function eventToRecordOn(
  repos: EventsRepos,
  user: Caller,
  eventId: string,
): Promise<EventWithSeries> {
  const event = await repos.events.find(eventId);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  const caller = await repos.members.caller(user);
  requireCoachOf(caller, event.teamId, EVENT_NOT_FOUND, EVENTS_MANAGE_FORBIDDEN);
  return event;
}

const sameRule = (series: SeriesRow | null, rule: Recurrence) =>
  !!series &&
  [...series.weekdays].sort().join() === [...rule.weekdays].sort().join() &&
  (series.until ?? undefined) === rule.until &&
  (series.count ?? undefined) === rule.count;

export function createEventUseCases(deps: EventsUseCaseDeps & { reminders: ReminderScheduler }) {
  const { repos, inTransaction, time, reminders } = deps;

  const views = async (filter: EventFilter, withAway: boolean): Promise<ClubEvent[]> =>
    toClubEvents(await loadEventList(repos, filter, time), time, { withAway });

  /**
   * The team an event is given must exist (404 otherwise) and be one the caller runs (403
   * otherwise, whether or not the caller is in it: every member sees the club's teams, reference
   * "Teams", so only an event of a team, not the team, is private to it).
   */
  async function requireTeamToRun(store: EventsRepos, caller: TeamCaller, teamId: string | null) {
    if (teamId !== null) {
      const team = await store.teams.find(teamId);
      if (!team || team.archived) throw notFound(TEAM_NOT_FOUND);
    }
    if (!mayCoachTeam(caller, teamId)) throw forbidden(EVENTS_MANAGE_FORBIDDEN);
  }

  /** The members an event is for: its team's, or every active member for a club-wide one. */
  const invitedIds = async (store: EventsRepos, teamId: string | null): Promise<string[]> =>
    teamId === null
      ? (await store.members.all()).filter((m) => m.active).map((m) => m.userId)
      : (await store.members.activeInTeam(teamId)).map((m) => m.userId);

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
        if (!m.active || !invitedTo(m, event.teamId)) continue;
        if (!declined.has(`${event.id}/${m.userId}`)) users.add(m.userId);
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
    // A team's events concern its members only; a club-wide one, everyone.
    const audience = first.teamId === null ? 'everyone' : await invitedIds(store, first.teamId);
    if (audience.length === 0) return;
    await store.notify(
      audience,
      upcoming.length === 1
        ? {
            title: clip(`New event: ${first.title}`),
            message: `${time.describe(first.eventDate)} at ${first.location}`,
            kind: 'events',
          }
        : {
            title: clip(`New events: ${first.title}`),
            message: `${upcoming.length} events from ${time.describe(first.eventDate)} at ${first.location}`,
            kind: 'events',
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
    // The earliest start, old or new, still ahead: urgent for quiet hours within 48 h (reference §2).
    const starts = changed.flatMap((e) => [e.eventDate, old.get(e.id)!.eventDate]);
    const soonest = Math.min(...starts.filter((d) => d >= now).map((d) => d.getTime()));
    await store.notify(audience, {
      title: clip(`Event changed: ${first.title}`),
      message: `Now ${time.describe(first.eventDate)} at ${first.location}${more}`,
      kind: 'events',
      eventAt: new Date(soonest).toISOString(),
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
      const member = members.get(userId);
      await store.notify(userId, {
        title: clip(`Event cancelled: ${first.title}`),
        message: `${when} at ${first.location} has been cancelled.`,
        kind: 'events',
        eventAt: first.eventDate.toISOString(),
        // The cancellation mail travels with the notification: content sends it as the member's
        // preferences and quiet hours say (reference §2).
        mails:
          member && mailable(member.email)
            ? {
                [userId]: {
                  template: 'event-cancelled',
                  to: member.email,
                  name: member.name || 'team member',
                  title: first.title,
                  when,
                  location: first.location,
                },
              }
            : {},
      });
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

  /** One edit of an event: the event as it is, the fields it takes, its new time and team. */
  interface Edit {
    store: EventsStore;
    current: EventRow;
    input: EventFields;
    eventDate: Date;
    teamId: string | null;
  }

  async function changeOne({ store, current, input, eventDate, teamId }: Edit): Promise<Change> {
    const updated = await store.events.update(current.id, {
      ...fieldsOf(input, teamId),
      eventDate,
    });
    return { before: [current], after: [updated!], removed: [], added: [] };
  }

  /** This and the following occurrences take the fields and move by the same days and time. */
  async function moveFollowing(edit: Edit): Promise<Change> {
    const { store, current, input, eventDate, teamId } = edit;
    const before = await store.events.seriesFrom(current.seriesId!, current.eventDate);
    const dates = shifted(before, current.eventDate, eventDate);
    const after: EventRow[] = [];
    for (const [i, target] of before.entries()) {
      const patch: EventPatch = { ...fieldsOf(input, teamId), eventDate: dates[i]! };
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
    teamId: string | null,
  ): Promise<Change> {
    const dates = expandRecurrence(eventDate, rule, time.zone);
    const seriesId = (await store.events.insertSeries(rule)).id;
    const updated = await store.events.update(current.id, {
      ...fieldsOf(input, teamId),
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
        .map((d) => ({ ...fieldsOf(input, teamId), eventDate: d, seriesId })),
    );
    return { before: [current], after: [updated!, ...added], removed, added };
  }

  /** The lists a caller's schedule is made of (list-cache.ts); `teamId` narrows it to one team. */
  async function scheduleLists(
    caller: TeamCaller,
    query: { type?: EventType; teamId?: string },
    children: ScheduleChild[] = [],
  ): Promise<ScheduleList[]> {
    const admin = caller.user.role === 'admin';
    const childTeams = children.flatMap((c) => c.teams);
    let teamIds: string[];
    if (query.teamId) {
      const seen = maySeeTeam(caller, query.teamId) || childTeams.includes(query.teamId);
      if (!seen || !(await repos.teams.find(query.teamId))) {
        throw notFound(TEAM_NOT_FOUND);
      }
      teamIds = [query.teamId];
    } else {
      teamIds = admin
        ? (await repos.teams.all()).map((t) => t.teamId)
        : [...caller.memberships.map((m) => m.teamId), ...childTeams];
    }
    const clubWide: ScheduleList[] = query.teamId
      ? []
      : [
          {
            variant: { type: query.type, role: caller.user.role },
            team: null,
            type: query.type,
            withAway: admin,
            own: !admin,
          },
        ];
    return [
      ...clubWide,
      ...[...new Set(teamIds)].sort().map((teamId) => {
        const runs = mayCoachTeam(caller, teamId);
        return {
          variant: {
            type: query.type,
            teamId,
            role: runs ? ('coach' as const) : ('player' as const),
          },
          team: teamId,
          type: query.type,
          withAway: runs,
          own: !runs,
          forChildren: !runs && !maySeeTeam(caller, teamId),
        };
      }),
    ];
  }

  /** One list, serialized as list-cache.ts keeps it; `before`: the page of past events before it. */
  async function listBody(list: ScheduleList, before?: Date): Promise<string> {
    const bounded = await repos.events.bounded(
      { type: list.type, team: list.team },
      before ?? deps.now(),
      !before,
      PAST_PAGE,
    );
    const events = toClubEvents(await loadEventList(repos, { ids: bounded.ids }, time), time, {
      withAway: list.withAway,
      withAttendees: !list.own,
    });
    return serializeList(events, bounded.more);
  }

  /** The member's answers as entries by event id, naming a guardian who gave one. */
  async function answersOf(userId: string): Promise<Record<string, Attendee>> {
    const [rows, family] = await Promise.all([
      repos.rsvps.ofUser(userId),
      repos.families.find(userId),
    ]);
    return answeredBy(userId, rows, { families: familiesById(family ? [family] : []) });
  }

  /** What a member's scope keeps (memberScope): their answers and their children's. */
  async function keptAnswersOf(userId: string, children: ScheduleChild[]): Promise<KeptAnswers> {
    const [mine, ...answers] = await Promise.all([
      answersOf(userId),
      ...children.map((c) => answersOf(c.userId)),
    ]);
    return { mine: mine!, children: children.map((c, i) => ({ ...c, answers: answers[i]! })) };
  }

  /**
   * A guardian's `children`: for each listed event a child of theirs is invited to (its list's
   * team is theirs, or it is club-wide), each such child's entry, pending when none.
   */
  function childEntries(
    events: { id: string; team: string | null }[],
    kept: KeptAnswers,
  ): Record<string, Attendee[]> {
    const entries: Record<string, Attendee[]> = {};
    for (const event of events) {
      const invited = kept.children.filter(
        (c) => event.team === null || c.teams.includes(event.team),
      );
      if (invited.length === 0) continue;
      entries[event.id] = invited.map(
        (c) => c.answers[event.id] ?? toAttendee({ userId: c.userId, rsvp: undefined }),
      );
    }
    return entries;
  }

  /** The caller with their teams, from the members kept here. */
  const callerOf = (user: Caller) => repos.members.caller(user);

  /** The caller's children still members, with their teams (family.ts). */
  async function childrenOf(userId: string): Promise<ScheduleChild[]> {
    const families = await repos.families.childrenOf(userId);
    const children = await repos.members.activeAmong(families.map((f) => f.userId));
    return children
      .map((c) => ({ userId: c.userId, teams: (c.teams ?? []).map((t) => t.teamId) }))
      .sort((a, b) => (a.userId < b.userId ? -1 : 1));
  }

  /**
   * The same from the read cache, with the caller's children: a member's teams and children are
   * kept in their scope, which the writes to them (members.ts, a member's or their child's
   * change) name. Every read of the schedule asks for them.
   */
  async function keptCallerOf(
    user: Caller,
    cache: ListCache,
  ): Promise<{ caller: TeamCaller; children: ScheduleChild[] }> {
    const kept = await cache.cache.read(memberScope(user.id), 'memberships', async () =>
      JSON.stringify({
        memberships: (await callerOf(user)).memberships,
        children: await childrenOf(user.id),
      }),
    );
    const { memberships, children } = JSON.parse(kept.body.toString()) as {
      memberships: TeamCaller['memberships'];
      children: ScheduleChild[];
    };
    return { caller: { user, memberships }, children };
  }

  return {
    timeZone: time.zone,
    callerOf,

    /**
     * GET /events as JSON: the club-wide events and the caller's teams' (club admins: every
     * team's), every upcoming one and the most recent past ones; `before` pages back through
     * older past ones (composed afresh: rarely asked, never kept).
     */
    async schedule(
      user: Caller,
      query: { type?: EventType; teamId?: string; before?: string },
      cache: ListCache,
    ): Promise<CachedAnswer> {
      const { caller, children } = await keptCallerOf(user, cache);
      const lists = await scheduleLists(caller, query, children);
      const envelope = (events: string, olderBefore: string | null) =>
        `{"success":true,"events":[${events}],"timeZone":${JSON.stringify(time.zone)},"olderBefore":${JSON.stringify(olderBefore)}}`;
      const mineOf = (list: ScheduleList) => list.own && !list.forChildren;
      const owning = lists.some(mineOf) || children.length > 0;
      const childrenField = (listed: ListedEvent[], kept: KeptAnswers) =>
        children.length === 0
          ? ''
          : `,"children":${JSON.stringify(
              childEntries(
                listed.map((e) => ({ id: e.id, team: lists[e.list]!.team })),
                kept,
              ),
            )}`;
      if (!query.before) {
        const parts = lists.map((list) => ({
          variant: list.variant,
          compute: () => listBody(list),
          own: mineOf(list),
        }));
        const own = owning
          ? {
              userId: user.id,
              compute: async () => JSON.stringify(await keptAnswersOf(user.id, children)),
              render: (ids: string[], kept: string) =>
                JSON.stringify(ownEntries(user.id, ids, (JSON.parse(kept) as KeptAnswers).mine)),
              more: (listed: ListedEvent[], kept: string) =>
                childrenField(listed, JSON.parse(kept) as KeptAnswers),
            }
          : undefined;
        return cache.composed(parts, deps.now(), envelope, own);
      }
      const before = new Date(query.before);
      const bodies = await Promise.all(lists.map((list) => listBody(list, before)));
      const page = composeLists(bodies, before, false);
      let text = envelope(page.events.join(','), page.olderBefore);
      if (owning) {
        const ids = page.ids.filter((_, i) => mineOf(lists[page.lists[i]!]!));
        const kept = await keptAnswersOf(user.id, children);
        const mine = ownEntries(user.id, ids, kept.mine);
        const listed = page.ids.map((id, i) => ({ id, list: page.lists[i]! }));
        text = `${text.slice(0, -1)},"mine":${JSON.stringify(mine)}${childrenField(listed, kept)}}`;
      }
      const body = Buffer.from(text);
      return { body, gzipped: gzipSync(body) };
    },

    async create(input: EventFields, user: Caller): Promise<ClubEvent[]> {
      const first = time.parse(input.eventDate, 'eventDate');
      const rule = input.recurrence ?? null;
      const dates = rule ? expandRecurrence(first, rule, time.zone) : [first];
      const teamId = input.teamId ?? null;
      const created = await inTransaction(async (store) => {
        await requireTeamToRun(store, await store.members.caller(user), teamId);
        const seriesId = rule ? (await store.events.insertSeries(rule)).id : null;
        const rows = await store.events.insertMany(
          dates.map((eventDate) => ({
            ...fieldsOf(input, teamId),
            eventDate,
            seriesId,
            createdBy: user.id,
          })),
        );
        await refreshEvents(store, rows, time, deps.now());
        await announceNew(store, rows);
        store.dropCached(...scopesOfEvents(rows));
        return rows;
      });
      await reminders.schedule(created);
      return views({ ids: created.map((e) => e.id) }, true);
    },

    /**
     * Changes one event, or it and the following ones of its series. A new rule (on a single
     * event, or with scope following) plans the series again from this event; with scope this,
     * an occurrence changes alone and the rule it was sent with is left as it was. The caller
     * must run the event's team, and the team it moves to; a refused change changes nothing.
     */
    async update(
      id: string,
      input: EventFields,
      scope: EventScope,
      user: Caller,
    ): Promise<ClubEvent[]> {
      const eventDate = time.parse(input.eventDate, 'eventDate');
      const rule = input.recurrence ?? null;
      const result = await inTransaction(async (store) => {
        const caller = await store.members.caller(user);
        const current = await findOr404(store, id);
        requireCoachOf(caller, current.teamId, EVENT_NOT_FOUND, EVENTS_MANAGE_FORBIDDEN);
        const teamId = input.teamId === undefined ? current.teamId : input.teamId;
        if (teamId !== current.teamId) await requireTeamToRun(store, caller, teamId);
        const following = scope === 'following' && current.seriesId !== null;
        const replan =
          rule !== null &&
          (current.seriesId === null || (following && !sameRule(current.series, rule)));
        const change = replan
          ? await planAgain(store, current, input, eventDate, rule, following, teamId)
          : following
            ? await moveFollowing({ store, current, input, eventDate, teamId })
            : await changeOne({ store, current, input, eventDate, teamId });
        // Following occurrences may be of another team (one moved alone): each must be run.
        requireCoachOfAll(caller, [...change.before, ...change.removed], EVENTS_MANAGE_FORBIDDEN);
        await refreshEvents(store, change.after, time, deps.now());
        await announceChange(store, change.before, change.after);
        await announceNew(store, change.added);
        const touched = [...change.before, ...change.after, ...change.removed, ...change.added];
        store.dropCached(...scopesOfEvents(touched));
        return change;
      });
      await reminders.reschedule(result.before, result.after);
      await reminders.unschedule(result.removed);
      return views({ ids: result.after.map((e) => e.id) }, true);
    },

    async remove(id: string, scope: EventScope, user: Caller): Promise<number> {
      const deleted = await inTransaction(async (store) => {
        const caller = await store.members.caller(user);
        const current = await findOr404(store, id);
        requireCoachOf(caller, current.teamId, EVENT_NOT_FOUND, EVENTS_DELETE_FORBIDDEN);
        const targets =
          scope === 'following' && current.seriesId
            ? await store.events.seriesFrom(current.seriesId, current.eventDate)
            : [current];
        requireCoachOfAll(caller, targets, EVENTS_DELETE_FORBIDDEN);
        await announceCancelled(store, targets);
        store.dropCached(...scopesOfEvents(targets));
        return store.events.deleteMany(targets.map((e) => e.id));
      });
      await reminders.unschedule(deleted);
      return deleted.length;
    },

    /**
     * The member's answer, or (`forUserId`) their child's, given by them as a guardian (403
     * NOT_YOUR_CHILD for anyone else's, before anything else is looked at); an event of a team
     * the one answered for is not in is not found.
     */
    async rsvp(
      eventId: string,
      user: Caller,
      status: RsvpStatus,
      forUserId?: string,
    ): Promise<Attendee> {
      const family =
        forUserId && forUserId !== user.id
          ? await requireGuardianOf(repos, user.id, forUserId)
          : undefined;
      const whose: Caller = family ? { id: family.userId, role: 'player' } : user;
      const event = await findOr404(repos, eventId);
      requireSeesTeam(await callerOf(whose), event.teamId, EVENT_NOT_FOUND);
      if (event.eventDate < deps.now()) throw badRequest(ANSWERS_CLOSED);
      const rsvp = await inTransaction(async (store) => {
        // The answer shows in its list (the team's, or club-wide), unfiltered and of its type,
        // and in the member's own entries and their guardians' `children` (list-cache.ts): named
        // here, so every way of answering (the schedule's buttons, a link) drops them all.
        store.dropCached(...scopesOfEvents([event]), ...(await answerScopes(store, [whose.id])));
        return store.rsvps.answer(eventId, whose.id, status, family ? user.id : null);
      });
      return toAttendee(
        { userId: whose.id, rsvp },
        { families: familiesById(family ? [family] : []) },
      );
    },

    /**
     * GET /family: the caller's children (by name) with their teams and next events, each with
     * the child's entry (pending when nobody answered) and who gave it.
     */
    async family(user: Caller): Promise<FamilyChild[]> {
      const families = await repos.families.childrenOf(user.id);
      const [children, teams] = await Promise.all([
        repos.members.activeAmong(families.map((f) => f.userId)),
        repos.teams.all(),
      ]);
      const teamById = new Map(teams.map((t) => [t.teamId, t]));
      const answerers = { families: familiesById(families) };
      const teamOf = (teamId: string | null) => {
        const team = teamId === null ? undefined : teamById.get(teamId);
        return team ? { id: team.teamId, name: team.name, colour: team.colour } : null;
      };
      children.sort(
        (a, b) => (a.name ?? '').localeCompare(b.name ?? '') || (a.userId < b.userId ? -1 : 1),
      );
      return Promise.all(
        children.map(async (child) => {
          const teamIds = (child.teams ?? []).map((t) => t.teamId);
          const [events, answers] = await Promise.all([
            repos.events.nextSeenIn(teamIds, deps.now(), FAMILY_EVENTS_PER_CHILD),
            repos.rsvps.ofUser(child.userId),
          ]);
          const answerTo = new Map(answers.map((a) => [a.eventId, a]));
          return {
            id: child.userId,
            name: child.name ?? '',
            teams: teamIds.flatMap((id) => {
              const team = teamById.get(id);
              return team && !team.archived ? [teamOf(id)!] : [];
            }),
            events: events.map((event) => ({
              id: event.id,
              title: event.title,
              event_date: event.eventDate.toISOString(),
              location: event.location,
              type: event.type,
              isRequired: event.isRequired,
              teamId: event.teamId,
              team: teamOf(event.teamId),
              answer: toAttendee({ userId: child.userId, rsvp: answerTo.get(event.id) }, answerers),
            })),
          };
        }),
      );
    },

    /**
     * Who is away on each of these club dates (the event modal's collision warning): a club admin
     * sees every member, or a team's with `teamId`; a coach, the members of the team asked (or of
     * every team they coach).
     */
    async conflicts(dates: string[], user: Caller, teamId?: string) {
      const caller = await callerOf(user);
      if (teamId) {
        if (!(await repos.teams.find(teamId))) throw notFound(TEAM_NOT_FOUND);
        requireCoachOf(caller, teamId, TEAM_NOT_FOUND, EVENTS_MANAGE_FORBIDDEN);
      } else if (caller.user.role !== 'admin' && coachedTeams(caller.memberships).length === 0) {
        throw forbidden(EVENTS_MANAGE_FORBIDDEN);
      }
      const teams = teamId
        ? [teamId]
        : caller.user.role === 'admin'
          ? null
          : coachedTeams(caller.memberships);
      const sorted = [...dates].sort();
      const [away, members] = await Promise.all([
        repos.availability.awayBetween(sorted[0]!, sorted.at(-1)!),
        repos.members.all(),
      ]);
      const memberById = byUserId(members);
      const within = (member: MemberRow | undefined) =>
        teams === null || (!!member && teams.some((t) => invitedTo(member, t)));
      return dates.map((date) => ({ date, away: awayOn({ away, memberById }, date, within) }));
    },
  };
}

export type EventUseCases = ReturnType<typeof createEventUseCases>;
