/**
 * Consumer contract for a member's availability (reference §7 availability), driven through the
 * page's own fetchers (`availabilityCalls`), so a change to what the page sends or where fails
 * here. Written to pacts/teamapp-web-teamapp-events.json and verified against the real events
 * service in services/events/test/pact.
 */
import {
  bearer,
  DATE,
  failure,
  json,
  MatchersV3,
  requestFor,
  STATE_IDS,
  webPact,
} from '@teamapp/api-client/pact-kit';
import type { AvailabilityInput } from '@teamapp/contracts';
import { availabilityCalls as availability } from './availability-api';

const { regex, eachLike, string, boolean } = MatchersV3;
const { availabilityEntry: ENTRY_ID, player: PLAYER_ID } = STATE_IDS;
/** Ids the provider states create their records with. */

const pact = webPact('teamapp-events');

describe('teamapp-web → teamapp-events: availability', () => {
  const entry = {
    id: string(ENTRY_ID),
    user_id: string(PLAYER_ID),
    start_date: regex(DATE, '2030-06-30'),
    end_date: regex(DATE, '2030-07-02'),
    is_available: boolean(false),
    reason: string('Vacation'),
  };

  it('when a player lists their entries, then they come back', async () => {
    await pact
      .addInteraction()
      .given('a player with an availability entry is signed in')
      .uponReceiving('a list of my availability')
      .withRequest('GET', '/api/availability', (b) => b.headers(bearer))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: eachLike(entry) }))
      .executeTest(async (mock) => {
        const res = await availability.list(requestFor(mock.url));
        expect(res.data[0]?.id).toBe(ENTRY_ID);
      });
  });

  it('when a player adds an entry, then 201 with it', async () => {
    const body: AvailabilityInput = {
      startDate: '2030-08-01',
      endDate: '2030-08-03',
      isAvailable: false,
      reason: 'Trip',
    };
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('a new availability entry')
      .withRequest('POST', '/api/availability', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          success: true,
          message: string('Availability entry created successfully'),
          data: { ...entry, start_date: '2030-08-01', end_date: '2030-08-03', reason: 'Trip' },
        }),
      )
      .executeTest(async (mock) => {
        const res = await availability.create(requestFor(mock.url), body);
        expect(res.data.reason).toBe('Trip');
      });
  });

  it('when the range ends before it starts, then 400 naming endDate', async () => {
    const body: AvailabilityInput = {
      startDate: '2030-08-03',
      endDate: '2030-08-01',
      isAvailable: false,
    };
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('an availability entry ending before it starts')
      .withRequest('POST', '/api/availability', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(400, (b) =>
        b.jsonBody({
          success: false,
          error: regex('.*endDate.*', 'endDate must not be before startDate'),
        }),
      )
      .executeTest(async (mock) => {
        const error = await failure(availability.create(requestFor(mock.url), body));
        expect(error).toMatchObject({ status: 400 });
      });
  });

  it('when a player deletes their entry, then success', async () => {
    await pact
      .addInteraction()
      .given('a player with an availability entry is signed in')
      .uponReceiving('a delete of my availability entry')
      .withRequest('DELETE', `/api/availability/${ENTRY_ID}`, (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({ success: true, message: string('Availability entry deleted successfully') }),
      )
      .executeTest(async (mock) => {
        const res = await availability.remove(requestFor(mock.url), ENTRY_ID);
        expect(res.success).toBe(true);
      });
  });
});
