/**
 * Attendance use cases: the reference's attendance events with each attendee's recorded presence, an
 * admin recording who came once the event has started, and the CSV report of a filtered list
 * (one row per player per event) for spreadsheets.
 */
import {
  EVENTS_MANAGE_FORBIDDEN,
  TEAM_NOT_FOUND,
  type AttendanceEvent,
  type AttendeeStatus,
  type EventType,
  type Presence,
} from '@teamapp/contracts';
import {
  badRequest,
  coachedTeams,
  forbidden,
  notFound,
  requireCoachOf,
} from '@teamapp/service-kit';
import type { EventFilter } from '../db/events.repo';
import { stringify } from 'csv-stringify/sync';
import { DateTime } from 'luxon';
import type { EventsUseCaseDeps } from './use-case-deps';
import { loadEventList, toAttendanceEvents } from './event-views';
import { scopesOfEvents } from './list-cache';
import { eventToRecordOn, type Caller } from './events';

export const NOT_STARTED = 'Attendance can be recorded once the event has started';

const RESPONSE_LABELS: Record<AttendeeStatus, string> = {
  attending: 'Attending',
  'not-attending': 'Not Attending',
  maybe: 'Maybe',
  pending: 'No Response',
};

const PRESENCE_LABELS: Record<Presence, string> = {
  present: 'Present',
  late: 'Late',
  absent: 'Absent',
  excused: 'Excused',
};

const TYPE_LABELS: Record<EventType, string> = {
  game: 'Game',
  training: 'Training',
  meeting: 'Meeting',
  social: 'Social',
};

export const CSV_HEADER = [
  'Event',
  'Type',
  'Date',
  'Time',
  'Location',
  'Required',
  'Player',
  'Response',
  'Reason',
  'Presence',
];

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or return) as a formula; such
 * text is written with a leading apostrophe so it stays text (OWASP "CSV injection").
 */
const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export function createAttendanceUseCases(deps: EventsUseCaseDeps) {
  const { repos, time } = deps;

  /**
   * The events whose attendance the caller takes: a club admin every event (or one team's with
   * `teamId`), a coach their teams' (the one asked, which they must coach); anyone else, none.
   */
  async function runFilter(
    user: Caller,
    query: { type?: EventType; teamId?: string },
  ): Promise<EventFilter> {
    const caller = await repos.members.caller(user);
    if (query.teamId) {
      if (!(await repos.teams.find(query.teamId))) throw notFound(TEAM_NOT_FOUND);
      requireCoachOf(caller, query.teamId, TEAM_NOT_FOUND, EVENTS_MANAGE_FORBIDDEN);
      return { type: query.type, team: query.teamId };
    }
    if (user.role === 'admin') return { type: query.type };
    const coached = coachedTeams(caller.memberships);
    if (coached.length === 0) throw forbidden(EVENTS_MANAGE_FORBIDDEN);
    return { type: query.type, teams: coached };
  }

  const list = async (
    user: Caller,
    query: { type?: EventType; teamId?: string },
  ): Promise<AttendanceEvent[]> =>
    toAttendanceEvents(await loadEventList(repos, await runFilter(user, query), time));

  return {
    timeZone: time.zone,
    list,

    async record(
      eventId: string,
      records: { userId: string; presence: Presence }[],
      user: Caller,
    ): Promise<AttendanceEvent> {
      const recordedBy = user.id;
      const event = await eventToRecordOn(repos, user, eventId);
      if (event.eventDate > deps.now()) throw badRequest(NOT_STARTED);
      const latest = new Map(records.map((r) => [r.userId, r]));
      await deps.inTransaction(async (store) => {
        store.dropCached(...scopesOfEvents([event]));
        await store.attendance.record(eventId, [...latest.values()], recordedBy);
      });
      const [saved] = toAttendanceEvents(await loadEventList(repos, { ids: [eventId] }, time));
      return saved!;
    },

    /** The CSV report: a header row, then one row per player per event, newest event first. */
    async exportCsv(user: Caller, query: { type?: EventType; teamId?: string }): Promise<string> {
      const rows: string[][] = [];
      for (const event of await list(user, query)) {
        const at = DateTime.fromISO(event.date, { zone: time.zone }).setLocale('en-US');
        const players = [...event.attendees].sort((a, b) =>
          (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff'),
        );
        for (const player of players) {
          rows.push([
            event.title,
            TYPE_LABELS[event.type],
            at.toFormat('MM/dd/yyyy'),
            at.toFormat('h:mm a'),
            event.location,
            event.isRequired ? 'Yes' : 'No',
            player.name ?? 'Unknown Player',
            RESPONSE_LABELS[player.status],
            player.reason ?? '',
            player.presence ? PRESENCE_LABELS[player.presence] : '',
          ]);
        }
      }
      return stringify([CSV_HEADER, ...rows.map((row) => row.map(asText))], {
        bom: true,
        record_delimiter: 'windows',
        quoted_match: /[\s,"]/,
      });
    },
  };
}

export type AttendanceUseCases = ReturnType<typeof createAttendanceUseCases>;
