/**
 * The /teams page's calls (docs/reference.md "Teams"): the club's teams (the list the header's
 * picker reads too, teamsQuery in @teamapp/ui), a team's roster, and the writes a club admin or
 * a team's coach makes. Each goes through its endpoint in packages/contracts (`teamsEndpoints`);
 * the plain fetchers in `teamsCalls` are what the hooks run and what teams.pact.test.ts drives.
 *
 * Every write invalidates ['teams']: the list, each roster (['teams', id, 'members']) and the
 * member's team choice read from it, so a new team or a changed role shows everywhere at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type ApiRequest } from '@teamapp/api-client';
import {
  teamsEndpoints as api,
  type TeamInput,
  type TeamRole,
  type TeamUpdate,
  type User,
} from '@teamapp/contracts';
import { teamsQuery, teamsQueryKey, useMemberDirectory, useRead, useRequest } from '@teamapp/ui';

export const rosterQueryKey = (teamId: string) => [...teamsQueryKey, teamId, 'members'] as const;

/** The page's fetchers on a request function. */
export const teamsCalls = {
  list: (request: ApiRequest) => call(request, api.list, { query: {} }),
  create: (request: ApiRequest, input: TeamInput) => call(request, api.create, { body: input }),
  update: (request: ApiRequest, id: string, changes: TeamUpdate) =>
    call(request, api.update, { params: { id }, body: changes }),
  archive: (request: ApiRequest, id: string) => call(request, api.archive, { params: { id } }),
  members: (request: ApiRequest, id: string) => call(request, api.members, { params: { id } }),
  putMember: (request: ApiRequest, id: string, userId: string, role: TeamRole) =>
    call(request, api.putMember, { params: { id, userId }, body: { role } }),
  removeMember: (request: ApiRequest, id: string, userId: string) =>
    call(request, api.removeMember, { params: { id, userId } }),
};

/** The club's active teams (the cache entry the header's picker shares). */
export function useTeams() {
  const request = useRequest();
  return useQuery(teamsQuery(request));
}

/** A team's roster and the team as the server sees it for the caller. */
export const useRoster = (teamId: string) =>
  useRead(rosterQueryKey(teamId), (request) => teamsCalls.members(request, teamId));

/** A club member one may add to a team. */
export interface ClubMember {
  id: string;
  name: string;
  email: string;
}

const activeMembers = (users: User[]): ClubMember[] =>
  users
    .filter((u) => u.is_active !== false)
    .map((u) => ({ id: u.id, name: u.name, email: u.email }))
    .sort((a, b) => a.name.localeCompare(b.name));

/** The club's active members (the directory /users and /players share), for adding to a team. */
export const useClubMembers = (enabled: boolean) =>
  useMemberDirectory({ enabled, select: activeMembers });

/** A write whose success refreshes the teams, their rosters and the member's team choice. */
function useTeamsWrite<Input, Result>(run: (request: ApiRequest, input: Input) => Promise<Result>) {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => run(request, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
  });
}

export const useCreateTeam = () =>
  useTeamsWrite((request, input: TeamInput) => teamsCalls.create(request, input));

export const useUpdateTeam = () =>
  useTeamsWrite((request, { id, changes }: { id: string; changes: TeamUpdate }) =>
    teamsCalls.update(request, id, changes),
  );

export const useArchiveTeam = () =>
  useTeamsWrite((request, id: string) => teamsCalls.archive(request, id));

export const usePutTeamMember = () =>
  useTeamsWrite((request, input: { teamId: string; userId: string; role: TeamRole }) =>
    teamsCalls.putMember(request, input.teamId, input.userId, input.role),
  );

export const useRemoveTeamMember = () =>
  useTeamsWrite((request, input: { teamId: string; userId: string }) =>
    teamsCalls.removeMember(request, input.teamId, input.userId),
  );
