/**
 * A team's roster (GET /teams/:id/members, docs/reference.md "Teams"), read by /players when a
 * team is chosen and by the room form when a room belongs to a team. Cached under
 * ['teams', id, 'members'], inside the teams' key: a write to a team or a roster invalidates
 * ['teams'] and the roster follows.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type ApiRequest } from '@teamapp/api-client';
import { teamsEndpoints } from '@teamapp/contracts';
import { useRequest } from '../session/session-context';
import { teamsQueryKey } from '../queries/shared-reads';

export const teamMembersQueryKey = (teamId: string) => [...teamsQueryKey, teamId, 'members'];

export const teamMembersQuery = (request: ApiRequest, teamId: string) =>
  queryOptions({
    queryKey: teamMembersQueryKey(teamId),
    queryFn: () => call(request, teamsEndpoints.members, { params: { id: teamId } }),
  });

/** The roster of `teamId` (its members with their team role); idle while teamId is null. */
export function useTeamMembers(teamId: string | null) {
  const request = useRequest();
  return useQuery({
    ...teamMembersQuery(request, teamId ?? ''),
    enabled: teamId !== null,
  });
}
