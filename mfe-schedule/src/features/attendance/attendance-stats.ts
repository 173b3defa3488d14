/**
 * The attendance screen's figures (reference §2 Attendance, §9): the four summary cards and each
 * event's counts. Uncertain is pending plus maybe; the average rate is attending over invited,
 * rounded, and 0 when nobody was invited.
 */
import type { AttendanceEvent, AttendeeStatus } from '@teamapp/contracts';
import type { EventTypeFilter } from '../shared/filter-buttons';

export const RESPONSE_LABELS: Record<AttendeeStatus, string> = {
  attending: 'Attending',
  'not-attending': 'Not Attending',
  maybe: 'Maybe',
  pending: 'No Response',
};

export const UNKNOWN_PLAYER = 'Unknown Player';

export interface EventCounts {
  invited: number;
  attending: number;
  absent: number;
  uncertain: number;
  /** Present or late when attendance was recorded, otherwise the Going answers. */
  attended: number;
}

export function eventCounts(event: AttendanceEvent): EventCounts {
  const count = (...statuses: AttendeeStatus[]) =>
    event.attendees.filter((a) => statuses.includes(a.status)).length;
  const attending = count('attending');
  return {
    invited: event.attendees.length,
    attending,
    absent: count('not-attending'),
    uncertain: count('pending', 'maybe'),
    attended: event.attendanceRecorded
      ? event.attendees.filter((a) => a.presence === 'present' || a.presence === 'late').length
      : attending,
  };
}

export interface AttendanceSummary {
  totalEvents: number;
  totalAttendance: number;
  averageRate: number;
  activePlayers: number;
}

export function summarise(events: AttendanceEvent[], activePlayers: number): AttendanceSummary {
  let attending = 0;
  let invited = 0;
  for (const event of events) {
    const counts = eventCounts(event);
    attending += counts.attending;
    invited += counts.invited;
  }
  return {
    totalEvents: events.length,
    totalAttendance: attending,
    averageRate: invited === 0 ? 0 : Math.round((attending / invited) * 100),
    activePlayers,
  };
}

export const filterByType = (events: AttendanceEvent[], type: EventTypeFilter) =>
  type === 'all' ? events : events.filter((e) => e.type === type);

/** Whose answer a row shows: the name the server knows, or the reference's "Unknown Player". */
export const attendeeName = (name: string | null | undefined) => name || UNKNOWN_PLAYER;
