/**
 * Consumer contract for the schedule (reference §7 events): the list, add/change/delete with a
 * series scope, RSVP and the collision check, driven through the schedule's own fetchers (the
 * list through @teamapp/ui's shared `eventsQuery`, the rest through `eventsCalls`), so a change to
 * what the page sends or where fails here. Written to pacts/teamapp-web-teamapp-events.json and
 * verified against the real events service in services/events/test/pact.
 */
import { QueryClient } from '@tanstack/react-query';
import {
  bearer,
  failure,
  ISO,
  json,
  MatchersV3,
  requestFor,
  STATE_IDS,
  webPact,
} from '@teamapp/api-client/pact-kit';
import type { EventInput } from '@teamapp/contracts';
import { eventsQuery } from '@teamapp/ui';
import { eventsCalls as events } from './events-api';

const { regex, eachLike, string, boolean, integer } = MatchersV3;
const { event: EVENT_ID, pastEvent: PAST_EVENT_ID, player: PLAYER_ID, team: TEAM_ID } = STATE_IDS;
/** Ids the provider states create their records with. */

const pact = webPact('teamapp-events');

/** Every provider state starts without answers, so each attendee is pending with no date. */
const attendee = {
  user_id: string(PLAYER_ID),
  status: regex('^(attending|maybe|not-attending|pending)$', 'pending'),
  response_date: null,
};

const clubEvent = {
  id: string(EVENT_ID),
  title: string('Training'),
  description: string(''),
  event_date: regex(ISO, '2030-07-02T00:00:00.000Z'),
  location: string('Main Field'),
  type: regex('^(training|game|meeting|social)$', 'training'),
  isRequired: boolean(false),
  seriesId: null,
  recurrence: null,
  attendees: eachLike(attendee),
  counts: {
    attending: integer(0),
    maybe: integer(0),
    'not-attending': integer(0),
    pending: integer(1),
  },
  attended: integer(0),
  attendanceRecorded: boolean(false),
  created_at: regex(ISO, '2026-01-01T00:00:00.000Z'),
  updated_at: regex(ISO, '2026-01-01T00:00:00.000Z'),
};

/** The team the team states make, as an event names it. */
const team = {
  id: string(TEAM_ID),
  name: string('Under 12s'),
  colour: regex('^#[0-9a-f]{6}$', '#1864ab'),
};

/**
 * An event as a player's list has it: no one's entry, the counts only; their own entry is in the
 * list's `mine`.
 */
const playersEvent = { ...clubEvent, attendees: [] };

const newEvent: EventInput = {
  title: 'Cup Final',
  description: 'Bring both kits',
  eventDate: '2030-07-01T19:00',
  location: 'City Stadium',
  type: 'game',
  isRequired: true,
};

describe('teamapp-web → teamapp-events: the schedule', () => {
  it('when a player lists events, then each comes with its counts, their own entry in mine, and the club zone', async () => {
    await pact
      .addInteraction()
      .given('an upcoming event exists and a player is signed in')
      .uponReceiving('a list of events')
      .withRequest('GET', '/api/events', (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          events: eachLike(playersEvent),
          timeZone: string('America/Chicago'),
          mine: { [EVENT_ID]: attendee },
        }),
      )
      .executeTest(async (mock) => {
        const queries = new QueryClient();
        const res = await queries.fetchQuery(eventsQuery(requestFor(mock.url)));
        expect(res.events[0]?.id).toBe(EVENT_ID);
        expect(res.timeZone).toBe('America/Chicago');
        expect(res.mine?.[EVENT_ID]?.user_id).toBe(PLAYER_ID);
      });
  });

  it('when an admin creates a weekly event, then the occurrences come back', async () => {
    const body: EventInput = { ...newEvent, recurrence: { weekdays: ['MO', 'WE'], count: 4 } };
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('a new weekly event')
      .withRequest('POST', '/api/events', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          success: true,
          message: 'Events created successfully',
          data: {
            events: eachLike(
              {
                ...clubEvent,
                seriesId: string(EVENT_ID),
                recurrence: { weekdays: ['MO', 'WE'], count: 4 },
              },
              4,
            ),
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await events.create(requestFor(mock.url), body);
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
        const error = await failure(events.create(requestFor(mock.url), newEvent));
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
        const res = await events.update(requestFor(mock.url), EVENT_ID, newEvent, 'this');
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
        const res = await events.remove(requestFor(mock.url), EVENT_ID);
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
        const error = await failure(events.remove(requestFor(mock.url), EVENT_ID));
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
        const res = await events.rsvp(requestFor(mock.url), EVENT_ID, 'attending');
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
        // An answer the page never offers: the contract pins what the service says to one.
        const unknown = 'yes' as Parameters<typeof events.rsvp>[2];
        const error = await failure(events.rsvp(requestFor(mock.url), EVENT_ID, unknown));
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
        const res = await events.conflicts(requestFor(mock.url), ['2030-07-01']);
        expect(res.data[0]?.away).toHaveLength(1);
      });
  });
});

/** A list with no older page: every event like `event`, in the club's zone. */
const lastPage = <E extends object>(event: E) => ({
  success: true,
  events: eachLike(event),
  timeZone: string('America/Chicago'),
  olderBefore: null,
});

describe('teamapp-web → teamapp-events: teams and older events', () => {
  it("when a coach creates an event for their team, then it comes back as the team's", async () => {
    const body: EventInput = { ...newEvent, teamId: TEAM_ID };
    await pact
      .addInteraction()
      .given('a team exists and its coach is signed in')
      .uponReceiving('a new event for a team from its coach')
      .withRequest('POST', '/api/events', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          success: true,
          message: 'Event created successfully',
          data: { events: eachLike({ ...clubEvent, teamId: string(TEAM_ID), team }) },
        }),
      )
      .executeTest(async (mock) => {
        const res = await events.create(requestFor(mock.url), body);
        expect(res.data.events[0]?.team?.id).toBe(TEAM_ID);
      });
  });

  it("when a member lists one team's events, then each names that team", async () => {
    await pact
      .addInteraction()
      .given('a past event of a team exists and its coach is signed in')
      .uponReceiving("a list of one team's events")
      .withRequest('GET', '/api/events', (b) => b.query({ teamId: TEAM_ID }).headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          lastPage({ ...clubEvent, id: string(PAST_EVENT_ID), teamId: string(TEAM_ID), team }),
        ),
      )
      .executeTest(async (mock) => {
        const queries = new QueryClient();
        const res = await queries.fetchQuery(eventsQuery(requestFor(mock.url), TEAM_ID));
        expect(res.events[0]?.teamId).toBe(TEAM_ID);
        expect(res.olderBefore).toBeNull();
      });
  });

  it('when a member asks for events before a date, then the older past ones come', async () => {
    const before = '2021-01-01T00:00:00.000Z';
    await pact
      .addInteraction()
      .given('an event on 2020-01-01 exists and a player is signed in')
      .uponReceiving('a page of events before a date')
      .withRequest('GET', '/api/events', (b) => b.query({ before }).headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...lastPage({
            ...playersEvent,
            id: string(PAST_EVENT_ID),
            event_date: regex(ISO, '2020-01-01T18:00:00.000Z'),
          }),
          mine: { [PAST_EVENT_ID]: attendee },
        }),
      )
      .executeTest(async (mock) => {
        const res = await events.older(requestFor(mock.url), before);
        expect(res.events[0]?.id).toBe(PAST_EVENT_ID);
        expect(res.mine?.[PAST_EVENT_ID]?.user_id).toBe(PLAYER_ID);
        expect(res.olderBefore).toBeNull();
      });
  });
});
