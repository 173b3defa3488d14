/**
 * Reading a list of events with everything the screens show: each event's attendees (a team's
 * event: the team's active players and coaches; a club-wide one: every active member; pending
 * when they did not answer), who of them is away, the attendance record, a game's result and the
 * event's team. A list costs the same nine queries whatever the number of events (no query per
 * event).
 */
import type {
  AttendanceEvent,
  Attendee,
  AttendeeCounts,
  AttendeeStatus,
  AwayMember,
  ClubEvent,
  GameResult,
  Presence,
  Recurrence,
} from '@teamapp/contracts';
import { outcomeOf } from '@teamapp/contracts';
import { membershipsOf, teamRoleIn } from '@teamapp/service-kit';
import type { EventFilter, EventWithSeries } from '../db/events.repo';
import type { EventsRepos } from '../db/repos';
import type { ResultWithScorers } from '../db/results.repo';
import type { AttendanceRow, AvailabilityRow, MemberRow, RsvpRow, TeamRow } from '../db/schema';
import { coversDate, type ClubTime } from './club-time';
import { answeredByOf, familiesById, type Families } from './families';

export interface EventList {
  events: EventWithSeries[];
  rsvps: Map<string, Map<string, RsvpRow>>;
  records: Map<string, Map<string, AttendanceRow>>;
  members: MemberRow[];
  memberById: Map<string, MemberRow>;
  away: AvailabilityRow[];
  results: Map<string, ResultWithScorers>;
  teams: Map<string, TeamRow>;
  /** Members' guardians, to name who answered for a child. */
  families: Families;
}

/** What names who answered for a member: their families, and members' names as a fallback. */
export interface Answerers {
  families: Families;
  memberById?: ReadonlyMap<string, Pick<MemberRow, 'name'>>;
}

/** Whether the member is invited to events of the team (`null`: club-wide, every member). */
export const invitedTo = (member: Pick<MemberRow, 'teams'>, teamId: string | null): boolean =>
  teamId === null || teamRoleIn(membershipsOf(member.teams), teamId) !== null;

export const byUserId = (members: MemberRow[]) => new Map(members.map((m) => [m.userId, m]));

function byEvent<T extends { eventId: string; userId: string }>(rows: T[]) {
  const map = new Map<string, Map<string, T>>();
  for (const row of rows) {
    let forEvent = map.get(row.eventId);
    if (!forEvent) map.set(row.eventId, (forEvent = new Map()));
    forEvent.set(row.userId, row);
  }
  return map;
}

export async function loadEventList(
  repos: EventsRepos,
  filter: EventFilter,
  time: ClubTime,
): Promise<EventList> {
  const [events, rsvps, records, members, results, teams, families] = await Promise.all([
    repos.events.list(filter),
    repos.rsvps.forList(filter),
    repos.attendance.forList(filter),
    repos.members.all(),
    repos.results.forList(filter),
    repos.teams.all(),
    repos.families.all(),
  ]);
  const dates = events.map((e) => time.dateOf(e.eventDate)).sort();
  const away = dates.length ? await repos.availability.awayBetween(dates[0]!, dates.at(-1)!) : [];
  return {
    events,
    rsvps: byEvent(rsvps),
    records: byEvent(records),
    members,
    memberById: byUserId(members),
    away,
    results,
    teams: new Map(teams.map((t) => [t.teamId, t])),
    families: familiesById(families),
  };
}

interface AttendeeLine {
  userId: string;
  name: string | null;
  status: AttendeeStatus;
  rsvp: RsvpRow | undefined;
}

/**
 * Every active member invited (the team's, or everyone for a club-wide event), then anyone else
 * who answered and is not known as a member, in name order.
 */
function attendeeLines(
  list: EventList,
  event: Pick<EventWithSeries, 'id' | 'teamId'>,
): AttendeeLine[] {
  const answers = list.rsvps.get(event.id) ?? new Map<string, RsvpRow>();
  const lines: AttendeeLine[] = [];
  for (const member of list.members) {
    if (!member.active || !invitedTo(member, event.teamId)) continue;
    const rsvp = answers.get(member.userId);
    lines.push({
      userId: member.userId,
      name: member.name,
      status: rsvp?.status ?? 'pending',
      rsvp,
    });
  }
  for (const rsvp of answers.values()) {
    if (list.memberById.has(rsvp.userId)) continue;
    lines.push({ userId: rsvp.userId, name: null, status: rsvp.status, rsvp });
  }
  return lines;
}

/** An entry; with `answerers`, one a guardian gave names them (`answeredBy`). */
export function toAttendee(
  line: { userId: string; rsvp: RsvpRow | undefined },
  answerers?: Answerers,
): Attendee {
  const { rsvp } = line;
  const by = rsvp?.answeredBy;
  return {
    user_id: line.userId,
    status: rsvp?.status ?? 'pending',
    response_date: rsvp ? rsvp.responseDate.toISOString() : null,
    ...(rsvp?.auto ? { reason: rsvp.reason ?? 'Unavailable', auto: true } : {}),
    ...(by && answerers
      ? {
          answeredBy: answeredByOf(
            answerers.families,
            answerers.memberById ?? new Map(),
            line.userId,
            by,
          ),
        }
      : {}),
  };
}

/** The attendee lines counted by status (reference §3 `counts`). */
function countsOf(lines: AttendeeLine[]): AttendeeCounts {
  const counts: AttendeeCounts = { attending: 0, maybe: 0, 'not-attending': 0, pending: 0 };
  for (const line of lines) counts[line.status] += 1;
  return counts;
}

/** The member's answers as entries, by event id. */
export const answeredBy = (
  userId: string,
  rows: RsvpRow[],
  answerers?: Answerers,
): Record<string, Attendee> =>
  Object.fromEntries(rows.map((rsvp) => [rsvp.eventId, toAttendee({ userId, rsvp }, answerers)]));

/**
 * The member's own entries, by event id, for these events (each one they are invited to): their
 * answer (`answered`, from answeredBy), or pending (the response envelope's `mine`).
 */
export function ownEntries(
  userId: string,
  eventIds: Iterable<string>,
  answered: Readonly<Record<string, Attendee>>,
): Record<string, Attendee> {
  const mine: Record<string, Attendee> = {};
  for (const id of eventIds) {
    mine[id] = answered[id] ?? toAttendee({ userId, rsvp: undefined });
  }
  return mine;
}

const toRecurrence = (event: EventWithSeries): Recurrence | null =>
  event.series
    ? {
        weekdays: event.series.weekdays,
        ...(event.series.until ? { until: event.series.until } : {}),
        ...(event.series.count ? { count: event.series.count } : {}),
      }
    : null;

/**
 * Active members with a Not Available entry covering the club date, one line each; `within`
 * keeps the members it accepts (those of a team).
 */
export function awayOn(
  list: Pick<EventList, 'memberById' | 'away'>,
  date: string,
  within: (member: MemberRow | undefined) => boolean = () => true,
): AwayMember[] {
  const seen = new Set<string>();
  const away: AwayMember[] = [];
  for (const entry of list.away) {
    const member = list.memberById.get(entry.userId);
    if (member?.active === false || seen.has(entry.userId) || !coversDate(entry, date)) continue;
    if (!within(member)) continue;
    seen.add(entry.userId);
    away.push({ user_id: entry.userId, name: member?.name ?? null, reason: entry.reason });
  }
  return away;
}

export const ATTENDED: ReadonlySet<Presence> = new Set(['present', 'late']);

export function toGameResult(row: ResultWithScorers): GameResult {
  return {
    ours: row.ours,
    theirs: row.theirs,
    outcome: outcomeOf(row),
    scorers: row.scorers.map((s) => ({ userId: s.userId, goals: s.goals, assists: s.assists })),
    recordedAt: row.recordedAt.toISOString(),
  };
}

function attendanceOf(list: EventList, eventId: string, lines: AttendeeLine[]) {
  const records = list.records.get(eventId);
  if (records && records.size > 0) {
    const attended = [...records.values()].filter((r) => ATTENDED.has(r.presence)).length;
    return { attended, attendanceRecorded: true };
  }
  const attended = lines.filter((l) => l.status === 'attending').length;
  return { attended, attendanceRecorded: false };
}

function resultOf(list: EventList, eventId: string): GameResult | null {
  const row = list.results.get(eventId);
  return row ? toGameResult(row) : null;
}

/**
 * The events as the API answers them. `withAway`: who is away (for those who run them);
 * `withAttendees` false: no one's entry (a player's list: `counts` and their own `mine` instead).
 */
export function toClubEvents(
  list: EventList,
  time: ClubTime,
  options: { withAway: boolean; withAttendees?: boolean },
): ClubEvent[] {
  return list.events.map((event) => {
    const lines = attendeeLines(list, event);
    const team = event.teamId === null ? undefined : list.teams.get(event.teamId);
    const inTeam = (member: MemberRow | undefined) => !!member && invitedTo(member, event.teamId);
    return {
      id: event.id,
      title: event.title,
      description: event.description,
      event_date: event.eventDate.toISOString(),
      location: event.location,
      type: event.type,
      isRequired: event.isRequired,
      seriesId: event.seriesId,
      recurrence: toRecurrence(event),
      attendees: options.withAttendees === false ? [] : lines.map((l) => toAttendee(l, list)),
      counts: countsOf(lines),
      ...(options.withAway
        ? { away: awayOn(list, time.dateOf(event.eventDate), event.teamId ? inTeam : undefined) }
        : {}),
      ...attendanceOf(list, event.id, lines),
      ...(event.type === 'game' ? { result: resultOf(list, event.id) } : {}),
      created_at: event.createdAt.toISOString(),
      updated_at: event.updatedAt.toISOString(),
      teamId: event.teamId,
      team: team ? { id: team.teamId, name: team.name, colour: team.colour } : null,
    };
  });
}

/** Lines for anyone recorded who is not listed (e.g. a member who has left since). */
function withRecorded(
  lines: AttendeeLine[],
  records: Map<string, AttendanceRow> | undefined,
): AttendeeLine[] {
  if (!records) return lines;
  const listed = new Set(lines.map((l) => l.userId));
  const extra = [...records.keys()]
    .filter((userId) => !listed.has(userId))
    .map((userId) => ({ userId, name: null, status: 'pending' as const, rsvp: undefined }));
  return [...lines, ...extra];
}

/** Reference §3's attendance events, newest first, each attendee with the recorded presence. */
export function toAttendanceEvents(list: EventList): AttendanceEvent[] {
  return list.events
    .map((event) => {
      const records = list.records.get(event.id);
      return {
        id: event.id,
        title: event.title,
        date: event.eventDate.toISOString(),
        type: event.type,
        location: event.location,
        isRequired: event.isRequired,
        attendanceRecorded: (records?.size ?? 0) > 0,
        // Who may record it: the club admins, or its team's coaches (docs/reference.md "Teams").
        teamId: event.teamId,
        attendees: withRecorded(attendeeLines(list, event), records).map((line) => ({
          userId: line.userId,
          name: line.name,
          status: line.status,
          ...(line.rsvp?.auto ? { reason: line.rsvp.reason ?? 'Unavailable' } : {}),
          presence: records?.get(line.userId)?.presence ?? null,
          // A guardian's answer for a child names them, as the schedule's Answers list does.
          ...(line.rsvp?.answeredBy
            ? {
                answeredBy: answeredByOf(
                  list.families,
                  list.memberById,
                  line.userId,
                  line.rsvp.answeredBy,
                ),
              }
            : {}),
        })),
      };
    })
    .reverse();
}
