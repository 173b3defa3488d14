/** Events and a fake events API for the schedule's component tests. */
import type { ClubEvent } from '@teamapp/contracts';
import { fakeApi, TEST_PLAYER, type Reply } from '@teamapp/ui/test/dom';
import { countsOf } from '../../shared/test/counts';

const base: Omit<ClubEvent, 'id' | 'title' | 'event_date' | 'counts'> = {
  description: '',
  location: 'North Field',
  type: 'training',
  isRequired: false,
  seriesId: null,
  recurrence: null,
  attendees: [],
  attended: 0,
  attendanceRecorded: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

export const ev = (
  id: string,
  title: string,
  event_date: string,
  over: Partial<ClubEvent> = {},
): ClubEvent => ({
  ...base,
  id,
  title,
  event_date,
  counts: countsOf(over.attendees ?? []),
  ...over,
});

export const SOON = ev('e-soon', 'Tuesday Training', '2099-03-03T01:00:00.000Z', {
  attendees: [{ user_id: TEST_PLAYER.id, status: 'maybe', response_date: null }],
});
export const LATER = ev('e-later', 'Cup Final', '2099-05-01T19:00:00.000Z', {
  type: 'game',
  isRequired: true,
  description: 'Bring both kits',
  location: 'City Stadium',
  attendees: [
    {
      user_id: TEST_PLAYER.id,
      status: 'not-attending',
      response_date: null,
      reason: 'Unavailable: Work trip',
      auto: true,
    },
  ],
  away: [{ user_id: TEST_PLAYER.id, name: TEST_PLAYER.name, reason: 'Work trip' }],
});
export const OLD = ev('e-old', 'Old Friendly', '2020-01-01T18:00:00.000Z', {
  type: 'game',
  attended: 9,
  attendanceRecorded: true,
});
export const OLDER = ev('e-older', 'Older Meeting', '2019-01-01T18:00:00.000Z', {
  type: 'meeting',
});
export const SERIES = ev('e-series', 'Weekly Practice', '2099-04-01T18:00:00.000Z', {
  seriesId: 's-1',
  recurrence: { weekdays: ['WE'], count: 4 },
});

export const FEED_URL = 'http://club.test/api/calendar/abc.ics';

/** The events list in New York time, the feed, and any further routes. */
export function eventsApi(
  events: ClubEvent[],
  extra: Record<string, Reply | (() => Reply)> = {},
  timeZone = 'America/New_York',
) {
  return fakeApi({
    'GET /events': { body: { success: true, events, timeZone } },
    'GET /calendar/feed': { body: { success: true, data: { url: FEED_URL } } },
    ...extra,
  });
}
