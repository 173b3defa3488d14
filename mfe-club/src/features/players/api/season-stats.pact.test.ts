/**
 * Consumer contract for the season's figures behind /players: a player reads the team's record
 * and their own line. Driven through the page's own fetcher (`fetchSeasonStats`). Written to
 * pacts/teamapp-web-teamapp-events.json beside the schedule's interactions and verified against
 * the real events service in services/events/test/pact.
 */
import { bearer, MatchersV3, requestFor, STATE_IDS, webPact } from '@teamapp/api-client/pact-kit';
import { fetchSeasonStats } from './season-stats';

const { eachLike, string, integer } = MatchersV3;
const { player: PLAYER_ID } = STATE_IDS;
/** The id the provider state gives the player who scored. */

const pact = webPact('teamapp-events');

describe('teamapp-web → teamapp-events: season stats', () => {
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
        const res = await fetchSeasonStats(requestFor(mock.url));
        expect(res.data.members[0]?.userId).toBe(PLAYER_ID);
        expect(res.data.team.wins).toBe(1);
      });
  });
});
