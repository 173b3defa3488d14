/**
 * Consumer contract for the season's figures behind /players: a player reads the club's record
 * and their own line; with a team chosen in the header, its coach reads that team's record and
 * its members' lines (`?teamId=`). Driven through the page's own fetcher (`fetchSeasonStats`).
 * Written to pacts/teamapp-web-teamapp-events.json beside the schedule's interactions and
 * verified against the real events service in services/events/test/pact.
 */
import { bearer, MatchersV3, requestFor, STATE_IDS, webPact } from '@teamapp/api-client/pact-kit';
import type { MemberStats, TeamRecord } from '@teamapp/contracts';
import { fetchSeasonStats } from './season-stats';

const { eachLike, string, integer } = MatchersV3;
/** The player who scored (and who plays in the state's team), and that team. */
const { player: PLAYER_ID, team: TEAM_ID } = STATE_IDS;

/** The answer: lines like the player's `line`, and the record `team`, figures matched by type. */
const seasonBody = (line: Omit<MemberStats, 'userId'>, team: TeamRecord) => {
  const integers = (figures: object) =>
    Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, integer(v as number)]));
  return {
    success: true,
    data: {
      members: eachLike({ userId: string(PLAYER_ID), ...integers(line) }),
      team: integers(team),
    },
  };
};

const pact = webPact('teamapp-events');

describe('teamapp-web → teamapp-events: season stats', () => {
  it("when a player asks for the season's stats, then their own figures and the team's record", async () => {
    await pact
      .addInteraction()
      .given('a past game with a result exists and a player is signed in')
      .uponReceiving('the season stats')
      .withRequest('GET', '/api/events/stats', (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          seasonBody(
            { games: 1, goals: 2, assists: 1 },
            { played: 1, wins: 1, draws: 0, losses: 0, goalsFor: 3, goalsAgainst: 1 },
          ),
        ),
      )
      .executeTest(async (mock) => {
        const res = await fetchSeasonStats(requestFor(mock.url));
        expect(res.data.members[0]?.userId).toBe(PLAYER_ID);
        expect(res.data.team.wins).toBe(1);
      });
  });

  it("when a team's coach asks for the team's season stats, then its members' figures and its record", async () => {
    await pact
      .addInteraction()
      .given('a team exists and its coach is signed in')
      .uponReceiving("a team's season stats")
      .withRequest('GET', '/api/events/stats', (b) => b.query({ teamId: TEAM_ID }).headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          seasonBody(
            { games: 0, goals: 0, assists: 0 },
            { played: 0, wins: 0, draws: 0, losses: 0, goalsFor: 0, goalsAgainst: 0 },
          ),
        ),
      )
      .executeTest(async (mock) => {
        const res = await fetchSeasonStats(requestFor(mock.url), TEAM_ID);
        expect(res.data.members.map((m) => m.userId)).toContain(PLAYER_ID);
        expect(res.data.team.played).toBe(0);
      });
  });
});
