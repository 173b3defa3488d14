/**
 * The season's figures behind /players: GET /events/stats gives an admin every active
 * member's games played (recorded presence, else Going answers to past games), goals and
 * assists, and the team's record from the recorded results (a player gets the record and their
 * own line). With a team chosen in the header (docs/reference.md "Teams") they are that team's
 * (`?teamId=`), otherwise the club's. The query key names the endpoint and the team, and caches
 * its `data` as is; recording a result on /schedule invalidates ['events', ...], so the figures
 * follow.
 */
import { call, type ApiRequest } from '@teamapp/api-client';
import {
  resultsEndpoints,
  type EndpointAnswer,
  type MemberStats,
  type TeamRecord,
} from '@teamapp/contracts';
import { useRead } from '@teamapp/ui';

/** The figures of `teamId`, or the club's (null). */
export const seasonStatsQueryKey = (teamId: string | null) =>
  ['events', 'stats', teamId ?? 'club'] as const;

export type SeasonStatsData = EndpointAnswer<typeof resultsEndpoints.stats>['data'];

/** The fetcher (`resultsEndpoints.stats`), which season-stats.pact.test.ts drives. */
export const fetchSeasonStats = (request: ApiRequest, teamId: string | null = null) =>
  call(request, resultsEndpoints.stats, { query: teamId ? { teamId } : {} });

/** A member's games, goals and assists (zeros when the season has none for them). */
export type PlayerStats = Pick<MemberStats, 'games' | 'goals' | 'assists'>;

export interface SeasonStats {
  /** Null until the figures are in. */
  statsOf: (userId: string) => PlayerStats | null;
  team: TeamRecord | null;
}

export function toSeasonStats(data: SeasonStatsData | undefined): SeasonStats {
  if (!data) return { statsOf: () => null, team: null };
  const byMember = new Map(data.members.map((m) => [m.userId, m]));
  return {
    statsOf: (userId) => {
      const m = byMember.get(userId);
      return { games: m?.games ?? 0, goals: m?.goals ?? 0, assists: m?.assists ?? 0 };
    },
    team: data.team,
  };
}

/** The season of `teamId` (null: the club's). */
export const useSeasonStats = (teamId: string | null) =>
  useRead(
    seasonStatsQueryKey(teamId),
    async (request) => (await fetchSeasonStats(request, teamId)).data,
  );
