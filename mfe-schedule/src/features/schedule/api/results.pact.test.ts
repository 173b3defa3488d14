/**
 * Consumer contract for a game's result: an admin records a game's score and scorers, a player
 * may not, bad scores and unknown games are refused. Driven through the schedule's own fetcher
 * (`resultCalls`); the season's figures are mfe-club's (season-stats.pact.test.ts). Written to
 * pacts/teamapp-web-teamapp-events.json and verified against the real events service in
 * services/events/test/pact.
 */
import {
  failure,
  ISO,
  json,
  MatchersV3,
  requestFor,
  STATE_IDS,
  webPact,
} from '@teamapp/api-client/pact-kit';
import type { GameResultInput } from '@teamapp/contracts';
import { resultCalls as results } from './events-api';

const { regex, eachLike, string, boolean, integer } = MatchersV3;
const { game: GAME_ID, player: PLAYER_ID } = STATE_IDS;
/** An id no provider state creates. */
const MISSING_ID = '8e6d7c8b-9a0f-4b1c-9d2e-4f5a6b7c8d9e';
/** Ids the provider states create their records with. */

const pact = webPact('teamapp-events');

const result: GameResultInput = {
  ours: 3,
  theirs: 1,
  scorers: [{ userId: PLAYER_ID, goals: 2, assists: 1 }],
};

describe('teamapp-web → teamapp-events: results', () => {
  it('when an admin records a played game, then documented success and the game with its result', async () => {
    await pact
      .addInteraction()
      .given('a past game exists and an admin is signed in')
      .uponReceiving('a result for a played game')
      .withRequest('PUT', `/api/events/${GAME_ID}/result`, (b) => b.headers(json).jsonBody(result))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: 'Result saved successfully',
          data: {
            id: GAME_ID,
            title: string('League Match'),
            description: string(''),
            event_date: regex(ISO, '2026-01-01T18:00:00.000Z'),
            location: string('Main Field'),
            type: 'game',
            isRequired: boolean(false),
            seriesId: null,
            recurrence: null,
            // Every provider state starts without answers.
            attendees: eachLike({
              user_id: string(PLAYER_ID),
              status: string('pending'),
              response_date: null,
            }),
            counts: {
              attending: integer(0),
              maybe: integer(0),
              'not-attending': integer(0),
              pending: integer(1),
            },
            attended: integer(0),
            attendanceRecorded: boolean(false),
            result: {
              ours: 3,
              theirs: 1,
              outcome: 'win',
              scorers: [{ userId: PLAYER_ID, goals: 2, assists: 1 }],
              recordedAt: regex(ISO, '2026-01-01T20:00:00.000Z'),
            },
            created_at: regex(ISO, '2026-01-01T00:00:00.000Z'),
            updated_at: regex(ISO, '2026-01-01T00:00:00.000Z'),
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await results.record(requestFor(mock.url), GAME_ID, result);
        expect(res.message).toBe('Result saved successfully');
        expect(res.data.result?.outcome).toBe('win');
      });
  });

  it('when a player records a result, then 403 with the documented text', async () => {
    await pact
      .addInteraction()
      .given('a past game exists and a player is signed in')
      .uponReceiving('a result from a player')
      .withRequest('PUT', `/api/events/${GAME_ID}/result`, (b) => b.headers(json).jsonBody(result))
      .willRespondWith(403, (b) =>
        b.jsonBody({
          success: false,
          error: 'Only administrators can manage events',
          message: 'Only administrators can manage events',
        }),
      )
      .executeTest(async (mock) => {
        const error = await failure(results.record(requestFor(mock.url), GAME_ID, result));
        expect(error).toMatchObject({
          status: 403,
          message: 'Only administrators can manage events',
        });
      });
  });

  it('when the score is negative, then 400 naming ours', async () => {
    const body: GameResultInput = { ours: -1, theirs: 1, scorers: [] };
    await pact
      .addInteraction()
      .given('a past game exists and an admin is signed in')
      .uponReceiving('a result with a negative score')
      .withRequest('PUT', `/api/events/${GAME_ID}/result`, (b) => b.headers(json).jsonBody(body))
      .willRespondWith(400, (b) =>
        b.jsonBody({
          success: false,
          error: regex('.*ours.*', 'ours must be a whole number from 0 to 99'),
          message: regex('.*ours.*', 'ours must be a whole number from 0 to 99'),
        }),
      )
      .executeTest(async (mock) => {
        const error = await failure(results.record(requestFor(mock.url), GAME_ID, body));
        expect(error).toMatchObject({ status: 400, message: expect.stringMatching(/ours/) });
      });
  });

  it('when the game does not exist, then 404', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('a result for an unknown game')
      .withRequest('PUT', `/api/events/${MISSING_ID}/result`, (b) =>
        b.headers(json).jsonBody(result),
      )
      .willRespondWith(404, (b) => b.jsonBody({ success: false, error: string('Event not found') }))
      .executeTest(async (mock) => {
        const error = await failure(results.record(requestFor(mock.url), MISSING_ID, result));
        expect(error).toMatchObject({ status: 404 });
      });
  });
});
