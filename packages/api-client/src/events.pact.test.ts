/**
 * Consumer contract for the schedule: events with RSVP and recurrence, attendance with its CSV
 * report and the collision check (availability's and the calendar feed's are beside their
 * fetchers in mfe-schedule). Written to
 * pacts/teamapp-web-teamapp-events.json and verified against the real events service in
 * services/events/test/pact.
 */
import { MatchersV3 } from '@pact-foundation/pact';
import { ISO, bearer, clientFor, failure, json, webPact } from './pact-kit';

const { regex, eachLike, string, boolean, integer } = MatchersV3;
/** Ids the provider states create their records with. */
const EVENT_ID = '3f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const PAST_EVENT_ID = '4a2f3e4d-5c6b-4d7e-9f8a-0b1c2d3e4f5a';
const PLAYER_ID = '6c4b5a6f-7e8d-4f9a-9b0c-2d3e4f5a6b7c';

const pact = webPact('teamapp-events');

const attendee = {
  user_id: string(PLAYER_ID),
  status: regex('^(attending|maybe|not-attending|pending)$', 'pending'),
};

const clubEvent = {
  id: string(EVENT_ID),
  title: string('Training'),
  description: string(''),
  event_date: regex(ISO, '2030-07-02T00:00:00.000Z'),
  location: string('Main Field'),
  type: regex('^(training|game|meeting|social)$', 'training'),
  isRequired: boolean(false),
  attendees: eachLike(attendee),
  attended: integer(0),
  attendanceRecorded: boolean(false),
  created_at: regex(ISO, '2026-01-01T00:00:00.000Z'),
  updated_at: regex(ISO, '2026-01-01T00:00:00.000Z'),
};

const newEvent = {
  title: 'Cup Final',
  description: 'Bring both kits',
  eventDate: '2030-07-01T19:00',
  location: 'City Stadium',
  type: 'game',
  isRequired: true,
};

describe('teamapp-web → teamapp-events: the schedule', () => {
  it('when a member lists events, then each comes with its attendees and the club zone', async () => {
    await pact
      .addInteraction()
      .given('an upcoming event exists and a player is signed in')
      .uponReceiving('a list of events')
      .withRequest('GET', '/api/events', (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          events: eachLike(clubEvent),
          timeZone: string('America/Chicago'),
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).get<{ events: { id: string }[]; timeZone: string }>(
          '/events',
        );
        expect(res.events[0]?.id).toBe(EVENT_ID);
        expect(res.timeZone).toBe('America/Chicago');
      });
  });

  it('when an admin creates a weekly event, then the occurrences come back', async () => {
    const body = { ...newEvent, recurrence: { weekdays: ['MO', 'WE'], count: 4 } };
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('a new weekly event')
      .withRequest('POST', '/api/events', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          success: true,
          message: 'Events created successfully',
          data: { events: eachLike({ ...clubEvent, seriesId: string(EVENT_ID) }, 4) },
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).post<{ data: { events: unknown[] } }>(
          '/events',
          body,
        );
        expect(res.data.events).toHaveLength(4);
      });
  });

  it('when a player creates an event, then 403 with the documented text', async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('a new event from a player')
      .withRequest('POST', '/api/events', (b) => b.headers(json).jsonBody(newEvent))
      .willRespondWith(403, (b) =>
        b.jsonBody({
          success: false,
          error: 'Only administrators can manage events',
          message: 'Only administrators can manage events',
        }),
      )
      .executeTest(async (mock) => {
        const error = await failure(clientFor(mock.url).post('/events', newEvent));
        expect(error).toMatchObject({
          status: 403,
          message: 'Only administrators can manage events',
        });
      });
  });

  it('when an admin changes one occurrence, then documented success', async () => {
    await pact
      .addInteraction()
      .given('an upcoming event exists and an admin is signed in')
      .uponReceiving('a change of one event')
      .withRequest('PUT', `/api/events/${EVENT_ID}`, (b) =>
        b.query({ scope: 'this' }).headers(json).jsonBody(newEvent),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: 'Event updated successfully',
          data: { events: eachLike(clubEvent) },
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).put<{ message: string }>(
          `/events/${EVENT_ID}?scope=this`,
          newEvent,
        );
        expect(res.message).toBe('Event updated successfully');
      });
  });

  it('when an admin deletes an event, then documented success', async () => {
    await pact
      .addInteraction()
      .given('an upcoming event exists and an admin is signed in')
      .uponReceiving('a delete of an event')
      .withRequest('DELETE', `/api/events/${EVENT_ID}`, (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: 'Event deleted successfully',
          data: { deleted: integer(1) },
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).delete<{ message: string }>(`/events/${EVENT_ID}`);
        expect(res.message).toBe('Event deleted successfully');
      });
  });

  it('when a player deletes an event, then 403 with the documented text', async () => {
    await pact
      .addInteraction()
      .given('an upcoming event exists and a player is signed in')
      .uponReceiving('a delete of an event by a player')
      .withRequest('DELETE', `/api/events/${EVENT_ID}`, (b) => b.headers(bearer))
      .willRespondWith(403, (b) =>
        b.jsonBody({
          success: false,
          error: 'Only administrators can delete events',
          message: 'Only administrators can delete events',
        }),
      )
      .executeTest(async (mock) => {
        const error = await failure(clientFor(mock.url).delete(`/events/${EVENT_ID}`));
        expect(error).toMatchObject({
          status: 403,
          message: 'Only administrators can delete events',
        });
      });
  });

  it('when a player answers, then documented success and their answer', async () => {
    await pact
      .addInteraction()
      .given('an upcoming event exists and a player is signed in')
      .uponReceiving('an RSVP')
      .withRequest('POST', `/api/events/${EVENT_ID}/rsvp`, (b) =>
        b.headers(json).jsonBody({ status: 'attending' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: 'RSVP updated successfully',
          data: {
            user_id: string(PLAYER_ID),
            status: 'attending',
            response_date: regex(ISO, '2026-01-01T00:00:00.000Z'),
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).post<{ message: string }>(
          `/events/${EVENT_ID}/rsvp`,
          { status: 'attending' },
        );
        expect(res.message).toBe('RSVP updated successfully');
      });
  });

  it('when the answer is unknown, then 400 naming status', async () => {
    await pact
      .addInteraction()
      .given('an upcoming event exists and a player is signed in')
      .uponReceiving('an RSVP with an unknown status')
      .withRequest('POST', `/api/events/${EVENT_ID}/rsvp`, (b) =>
        b.headers(json).jsonBody({ status: 'yes' }),
      )
      .willRespondWith(400, (b) =>
        b.jsonBody({
          success: false,
          error: regex('.*status.*', 'status must be one of attending, maybe, not-attending'),
        }),
      )
      .executeTest(async (mock) => {
        const error = await failure(
          clientFor(mock.url).post(`/events/${EVENT_ID}/rsvp`, { status: 'yes' }),
        );
        expect(error).toMatchObject({ status: 400 });
      });
  });

  it('when an admin checks a date, then who is away on it', async () => {
    await pact
      .addInteraction()
      .given('a player with an availability entry exists and an admin is signed in')
      .uponReceiving('a collision check')
      .withRequest('GET', '/api/events/conflicts', (b) =>
        b.query({ date: '2030-07-01' }).headers(bearer),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          data: eachLike({
            date: '2030-07-01',
            away: eachLike({
              user_id: string(PLAYER_ID),
              name: string('Sam Striker'),
              reason: string('Vacation'),
            }),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).get<{ data: { away: unknown[] }[] }>(
          '/events/conflicts?date=2030-07-01',
        );
        expect(res.data[0]?.away).toHaveLength(1);
      });
  });
});

describe('teamapp-web → teamapp-events: attendance', () => {
  it('when an admin lists attendance, then events with answers and presence', async () => {
    await pact
      .addInteraction()
      .given('a past event exists and an admin is signed in')
      .uponReceiving('a list of attendance')
      .withRequest('GET', '/api/attendance', (b) => b.query({ type: 'all' }).headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          timeZone: string('America/Chicago'),
          data: eachLike({
            id: string(PAST_EVENT_ID),
            title: string('Training'),
            date: regex(ISO, '2026-01-01T00:00:00.000Z'),
            type: regex('^(training|game|meeting|social)$', 'training'),
            attendees: eachLike({
              userId: string(PLAYER_ID),
              status: regex('^(attending|maybe|not-attending|pending)$', 'pending'),
            }),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).get<{ data: unknown[] }>('/attendance?type=all');
        expect(res.data.length).toBeGreaterThan(0);
      });
  });

  it('when an admin records who came, then the saved record comes back', async () => {
    const body = { records: [{ userId: PLAYER_ID, presence: 'late' }] };
    await pact
      .addInteraction()
      .given('a past event exists and an admin is signed in')
      .uponReceiving('a record of who came')
      .withRequest('PUT', `/api/attendance/${PAST_EVENT_ID}`, (b) => b.headers(json).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: 'Attendance saved successfully',
          data: {
            id: PAST_EVENT_ID,
            attendanceRecorded: true,
            attendees: eachLike({ userId: string(PLAYER_ID), status: string('attending') }),
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).put<{ message: string }>(
          `/attendance/${PAST_EVENT_ID}`,
          body,
        );
        expect(res.message).toBe('Attendance saved successfully');
      });
  });

  it('when an admin exports, then a CSV comes back', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('an attendance report export of a type with no events')
      .withRequest('GET', '/api/attendance/export.csv', (b) =>
        b.query({ type: 'social' }).headers(bearer),
      )
      .willRespondWith(200, (b) =>
        b.headers({ 'Content-Type': regex('^text/csv.*', 'text/csv; charset=utf-8') }),
      )
      .executeTest(async (mock) => {
        const res = await fetch(`${mock.url}/api/attendance/export.csv?type=social`, {
          headers: bearer,
        });
        // The rows themselves are checked by the service's own tests (a text body has no matchers).
        expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      });
  });
});
