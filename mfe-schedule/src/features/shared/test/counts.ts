/** Test data: an event's `counts`, as the server counts its attendee lines. */
import type { Attendee, AttendeeCounts } from '@teamapp/contracts';

export function countsOf(attendees: Pick<Attendee, 'status'>[]): AttendeeCounts {
  const counts: AttendeeCounts = { attending: 0, maybe: 0, 'not-attending': 0, pending: 0 };
  for (const a of attendees) counts[a.status] += 1;
  return counts;
}
