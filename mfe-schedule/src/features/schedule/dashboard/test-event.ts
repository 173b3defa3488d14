/** Test data: a whole event as GET /events lists it, named `id`, with the given answers. */
import type { Attendee, ClubEvent } from '@teamapp/contracts';
import { countsOf } from '../../shared/test/counts';

export function testEvent(
  id: string,
  eventDate: string,
  attendees: Partial<Attendee>[] = [],
): ClubEvent {
  const listed = attendees.map((a, i) => ({
    user_id: `member-${i}`,
    status: 'pending' as const,
    response_date: null,
    ...a,
  }));
  return {
    id,
    title: id,
    description: '',
    event_date: eventDate,
    location: 'Main Field',
    type: 'game',
    isRequired: false,
    seriesId: null,
    recurrence: null,
    attendees: listed,
    counts: countsOf(listed),
    attended: 0,
    attendanceRecorded: false,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}
