/**
 * Consumer contract for families on the schedule side (docs/reference.md "Families"): a
 * guardian's /family read (through @teamapp/ui's shared `familyQuery`), the schedule's list with
 * their children's entries (`eventsQuery`), their answer for a child
 * (`eventsCalls.rsvp` with forUserId) and an absence for a child (`availabilityCalls.create` with
 * forUserId), and the refusal when the named member is not their child. Written to
 * pacts/teamapp-web-teamapp-events.json and verified against the real events service in
 * services/events/test/pact.
 */
import { QueryClient } from '@tanstack/react-query';
import {
  DATE,
  failure,
  ISO,
  json,
  bearer,
  MatchersV3,
  requestFor,
  STATE_IDS,
  webPact,
} from '@teamapp/api-client/pact-kit';
import { NOT_YOUR_CHILD, type AvailabilityInput } from '@teamapp/contracts';
import { eventsQuery, familyQuery } from '@teamapp/ui';
import { availabilityCalls } from '../../availability/api/availability-api';
import { eventsCalls } from '../../schedule/api/events-api';

const { regex, eachLike, string, boolean, integer, nullValue } = MatchersV3;
// The family states' child plays in the team states' team; "with a guardian" links the guardian.
const { event: EVENT_ID, team: TEAM_ID, child: CHILD_ID, guardian: GUARDIAN_ID } = STATE_IDS;

const pact = webPact('teamapp-events');

const answeredBy = { userId: string(GUARDIAN_ID), name: string('Pat Young'), relation: 'Mother' };

describe('teamapp-web → teamapp-events: families', () => {
  it("when a guardian reads /family, then each child comes with their teams and next events with the child's entry", async () => {
    await pact
      .addInteraction()
      .given('a child with an upcoming event and their guardian is signed in')
      .uponReceiving("a guardian's family")
      .withRequest('GET', '/api/family', (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          timeZone: string('America/Chicago'),
          data: {
            children: eachLike({
              id: string(CHILD_ID),
              name: string('Robin Young'),
              teams: eachLike({
                id: string(TEAM_ID),
                name: string('Under 12s'),
                colour: regex('^#[0-9a-f]{6}$', '#1864ab'),
              }),
              events: eachLike({
                id: string(EVENT_ID),
                title: string('Training'),
                event_date: regex(ISO, '2030-07-02T00:00:00.000Z'),
                location: string('Main Field'),
                type: regex('^(training|game|meeting|social)$', 'training'),
                isRequired: boolean(false),
                teamId: string(TEAM_ID),
                team: {
                  id: string(TEAM_ID),
                  name: string('Under 12s'),
                  colour: regex('^#[0-9a-f]{6}$', '#1864ab'),
                },
                answer: {
                  user_id: string(CHILD_ID),
                  status: regex('^(attending|maybe|not-attending|pending)$', 'pending'),
                  response_date: nullValue(),
                },
              }),
            }),
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await new QueryClient().fetchQuery(familyQuery(requestFor(mock.url)));
        const child = res.data.children[0];
        expect(child?.id).toBe(CHILD_ID);
        expect(child?.events[0]?.answer.user_id).toBe(CHILD_ID);
      });
  });

  it("when a guardian lists events, then their children's entries come by event id", async () => {
    await pact
      .addInteraction()
      .given('a child with an upcoming event and their guardian is signed in')
      .uponReceiving("a guardian's list of events")
      .withRequest('GET', '/api/events', (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          events: eachLike({
            id: string(EVENT_ID),
            title: string('Training'),
            description: string(''),
            event_date: regex(ISO, '2030-07-02T00:00:00.000Z'),
            location: string('Main Field'),
            type: regex('^(training|game|meeting|social)$', 'training'),
            isRequired: boolean(false),
            seriesId: null,
            recurrence: null,
            attendees: [],
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
          }),
          timeZone: string('America/Chicago'),
          children: {
            [EVENT_ID]: eachLike({
              user_id: string(CHILD_ID),
              status: regex('^(attending|maybe|not-attending|pending)$', 'pending'),
              response_date: nullValue(),
            }),
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await new QueryClient().fetchQuery(eventsQuery(requestFor(mock.url)));
        expect(res.children?.[EVENT_ID]?.[0]?.user_id).toBe(CHILD_ID);
      });
  });

  it("when a guardian answers Going for their child, then the child's entry comes back with who answered", async () => {
    await pact
      .addInteraction()
      .given('a child with an upcoming event and their guardian is signed in')
      .uponReceiving('an RSVP for a child')
      .withRequest('POST', `/api/events/${EVENT_ID}/rsvp`, (b) =>
        b.headers(json).jsonBody({ status: 'attending', forUserId: CHILD_ID }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: string('RSVP updated successfully'),
          data: {
            user_id: CHILD_ID,
            status: 'attending',
            response_date: regex(ISO, '2026-01-01T00:00:00.000Z'),
            answeredBy,
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await eventsCalls.rsvp(requestFor(mock.url), EVENT_ID, 'attending', CHILD_ID);
        expect(res.data.user_id).toBe(CHILD_ID);
      });
  });

  it('when a member answers for someone who is not their child, then 403 NOT_YOUR_CHILD', async () => {
    await pact
      .addInteraction()
      .given('an upcoming event exists and a player is signed in')
      .uponReceiving('an RSVP for someone who is not their child')
      .withRequest('POST', `/api/events/${EVENT_ID}/rsvp`, (b) =>
        b.headers(json).jsonBody({ status: 'attending', forUserId: CHILD_ID }),
      )
      .willRespondWith(403, (b) => b.jsonBody({ success: false, error: NOT_YOUR_CHILD }))
      .executeTest(async (mock) => {
        const error = await failure(
          eventsCalls.rsvp(requestFor(mock.url), EVENT_ID, 'attending', CHILD_ID),
        );
        expect(error).toMatchObject({ status: 403, message: NOT_YOUR_CHILD });
      });
  });

  it("when a guardian adds an absence for their child, then 201 with the child's entry", async () => {
    const body: AvailabilityInput = {
      startDate: '2030-08-01',
      endDate: '2030-08-03',
      isAvailable: false,
      reason: 'School trip',
      forUserId: CHILD_ID,
    };
    await pact
      .addInteraction()
      .given('a child with an upcoming event and their guardian is signed in')
      .uponReceiving('an availability entry for a child')
      .withRequest('POST', '/api/availability', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          success: true,
          message: string('Availability entry created successfully'),
          data: {
            id: string('5b3a4f5e-6d7c-4e8f-8a9b-1c2d3e4f5a6b'),
            user_id: CHILD_ID,
            start_date: regex(DATE, '2030-08-01'),
            end_date: regex(DATE, '2030-08-03'),
            is_available: false,
            reason: string('School trip'),
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await availabilityCalls.create(requestFor(mock.url), body);
        expect(res.data.user_id).toBe(CHILD_ID);
      });
  });

  it('when a player adds an absence for someone who is not their child, then 403 NOT_YOUR_CHILD', async () => {
    const body: AvailabilityInput = {
      startDate: '2030-08-01',
      endDate: '2030-08-03',
      isAvailable: false,
      forUserId: CHILD_ID,
    };
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('an availability entry for someone who is not their child')
      .withRequest('POST', '/api/availability', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, error: NOT_YOUR_CHILD }))
      .executeTest(async (mock) => {
        const error = await failure(availabilityCalls.create(requestFor(mock.url), body));
        expect(error).toMatchObject({ status: 403, message: NOT_YOUR_CHILD });
      });
  });
});
