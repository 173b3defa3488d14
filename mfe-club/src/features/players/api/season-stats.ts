/**
 * The season's figures behind /players: GET /events/stats gives an admin every active
 * member's games played (recorded presence, else Going answers to past games), goals and assists, and the
 * team's record from the recorded results (a player gets the record and their own line). The query key names the endpoint and caches its `data`
 * as is; recording a result on /schedule invalidates ['events', ...], so the figures follow.
 */
import { useQuery } from '@tanstack/react-query';
import { call, type ApiRequest } from '@teamapp/api-client';
import {
  resultsEndpoints,
  type EndpointAnswer,
  type MemberStats,
  type TeamRecord,
} from '@teamapp/contracts';
import { useRequest } from '@teamapp/ui';

export const seasonStatsQueryKey = ['events', 'stats'] as const;

export type SeasonStatsData = EndpointAnswer<typeof resultsEndpoints.stats>['data'];

/** The fetcher (`resultsEndpoints.stats`), which season-stats.pact.test.ts drives. */
export const fetchSeasonStats = (request: ApiRequest) => call(request, resultsEndpoints.stats);

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

export function useSeasonStats() {
  const request = useRequest();
  return useQuery({
    queryKey: seasonStatsQueryKey,
    queryFn: async () => (await fetchSeasonStats(request)).data,
  });
}
