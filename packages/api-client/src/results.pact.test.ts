/**
 * Consumer contract for game results and season stats: an admin records a game's score
 * and scorers, a player may not, bad scores and unknown games are refused, and every member reads
 * the season's figures. Written to pacts/teamapp-web-teamapp-events.json beside the schedule's
 * interactions and verified against the real events service in services/events/test/pact.
 */
import { MatchersV3 } from '@pact-foundation/pact';
import { createApiClient } from './client';
import { ISO, TOKEN, bearer, failure, json, webPact } from './pact-kit';

const { regex, eachLike, string, boolean, integer } = MatchersV3;
/** Ids the provider states create their records with. */
const GAME_ID = '7d5c6b7a-8f9e-4a0b-8c1d-3e4f5a6b7c8d';
const MISSING_ID = '8e6d7c8b-9a0f-4b1c-9d2e-4f5a6b7c8d9e';
const PLAYER_ID = '6c4b5a6f-7e8d-4f9a-9b0c-2d3e4f5a6b7c';

const pact = webPact('teamapp-events');

const clientFor = (url: string) =>
  createApiClient({ baseUrl: `${url}/api`, getToken: () => TOKEN });

const result = {
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
            event_date: regex(ISO, '2026-01-01T18:00:00.000Z'),
            type: 'game',
            attendees: eachLike({ user_id: string(PLAYER_ID), status: string('pending') }),
            attended: integer(0),
            attendanceRecorded: boolean(false),
            result: {
              ours: 3,
              theirs: 1,
              outcome: 'win',
              scorers: [{ userId: PLAYER_ID, goals: 2, assists: 1 }],
              recordedAt: regex(ISO, '2026-01-01T20:00:00.000Z'),
            },
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).put<{
          message: string;
          data: { result: { outcome: string } };
        }>(`/events/${GAME_ID}/result`, result);
        expect(res.message).toBe('Result saved successfully');
        expect(res.data.result.outcome).toBe('win');
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
        const error = await failure(clientFor(mock.url).put(`/events/${GAME_ID}/result`, result));
        expect(error).toMatchObject({
          status: 403,
          message: 'Only administrators can manage events',
        });
      });
  });

  it('when the score is negative, then 400 naming ours', async () => {
    const body = { ours: -1, theirs: 1, scorers: [] };
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
        const error = await failure(clientFor(mock.url).put(`/events/${GAME_ID}/result`, body));
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
        const error = await failure(
          clientFor(mock.url).put(`/events/${MISSING_ID}/result`, result),
        );
        expect(error).toMatchObject({ status: 404 });
      });
  });

  it("when a player asks for the season's stats, then their own figures and the team's record", async () => {
    await pact
      .addInteraction()
      .given('a past game with a result exists and a player is signed in')
      .uponReceiving('the season stats')
      .withRequest('GET', '/api/events/stats', (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          data: {
            members: eachLike({
              userId: string(PLAYER_ID),
              games: integer(1),
              goals: integer(2),
              assists: integer(1),
            }),
            team: {
              played: integer(1),
              wins: integer(1),
              draws: integer(0),
              losses: integer(0),
              goalsFor: integer(3),
              goalsAgainst: integer(1),
            },
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).get<{
          data: { members: { userId: string }[]; team: { wins: number } };
        }>('/events/stats');
        expect(res.data.members[0]?.userId).toBe(PLAYER_ID);
        expect(res.data.team.wins).toBe(1);
      });
  });
});
