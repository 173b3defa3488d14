import type { AttendanceEvent } from '@teamapp/contracts';
import { attendeeName, eventCounts, filterByType, summarise } from './attendance-stats';

const attendee = (
  userId: string,
  status: AttendanceEvent['attendees'][number]['status'],
  presence: AttendanceEvent['attendees'][number]['presence'] = null,
) => ({ userId, name: userId, status, presence });

const event = (over: Partial<AttendanceEvent>): AttendanceEvent => ({
  id: 'e',
  title: 'Training',
  date: '2026-11-01T18:00:00.000Z',
  type: 'training',
  location: 'Field',
  isRequired: false,
  attendanceRecorded: false,
  attendees: [],
  ...over,
});

it('counts attending, absent and uncertain (pending plus maybe) per event', () => {
  const counts = eventCounts(
    event({
      attendees: [
        attendee('a', 'attending'),
        attendee('b', 'not-attending'),
        attendee('c', 'maybe'),
        attendee('d', 'pending'),
      ],
    }),
  );
  expect(counts).toEqual({ invited: 4, attending: 1, absent: 1, uncertain: 2, attended: 1 });
});

it('counts who came from the recorded presence once there is one', () => {
  const counts = eventCounts(
    event({
      attendanceRecorded: true,
      attendees: [
        attendee('a', 'attending', 'absent'),
        attendee('b', 'not-attending', 'late'),
        attendee('c', 'maybe', 'present'),
      ],
    }),
  );
  expect(counts.attended).toBe(2);
});

it('the average rate is attending over invited, rounded, and 0 without invitations', () => {
  const events = [
    event({ attendees: [attendee('a', 'attending'), attendee('b', 'pending')] }),
    event({
      type: 'game',
      attendees: [attendee('a', 'attending'), attendee('b', 'maybe'), attendee('c', 'maybe')],
    }),
  ];
  expect(summarise(events, 7)).toEqual({
    totalEvents: 2,
    totalAttendance: 2,
    averageRate: 40,
    activePlayers: 7,
  });
  expect(summarise([], 0).averageRate).toBe(0);
  expect(filterByType(events, 'game')).toHaveLength(1);
  expect(filterByType(events, 'all')).toHaveLength(2);
});

it('an attendee the server cannot name is an Unknown Player', () => {
  expect(attendeeName(null)).toBe('Unknown Player');
  expect(attendeeName('Sam')).toBe('Sam');
});
