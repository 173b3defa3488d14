/**
 * The user lists /users shows (SPEC §7): GET /user/all for admins, GET /user/team for everyone
 * else. A query key names the endpoint and its cache holds exactly that endpoint's `data`, so the
 * shell's dashboard, reading the same endpoints under the same keys, shares one cache entry of
 * one shape; each screen maps the data to what it shows with `select`.
 */
import { useQuery } from '@tanstack/react-query';
import type { Role, TeamMember, User } from '@teamapp/contracts';
import { requestData, type ApiRequest } from '@teamapp/api-client';
import { useRequest } from '@teamapp/ui';

export const usersQueryKeys = {
  all: ['users', 'all'] as const,
  team: ['users', 'team'] as const,
};

export const getAllUsers = (request: ApiRequest) =>
  requestData<User[]>(request, 'GET', '/user/all');

export const getTeam = (request: ApiRequest) =>
  requestData<TeamMember[]>(request, 'GET', '/user/team');

/** One row of the user list. Role and joined date are known to admins only. */
export interface UserRow {
  id: string;
  name: string;
  email: string;
  role?: Role;
  joined?: string;
}

const fromUser = (u: User): UserRow => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  joined: u.created_at,
});
const fromMember = (u: TeamMember): UserRow => ({ id: u.id, name: u.name, email: u.email });

const allRows = (users: User[]) => users.map(fromUser);
const teamRows = (members: TeamMember[]) => members.map(fromMember);

/** Every user for an admin, the team list for a player, as rows. */
export function useUserRows(isAdmin: boolean) {
  const request = useRequest();
  const all = useQuery({
    queryKey: usersQueryKeys.all,
    queryFn: () => getAllUsers(request),
    select: allRows,
    enabled: isAdmin,
  });
  const team = useQuery({
    queryKey: usersQueryKeys.team,
    queryFn: () => getTeam(request),
    select: teamRows,
    enabled: !isAdmin,
  });
  return isAdmin ? all : team;
}
