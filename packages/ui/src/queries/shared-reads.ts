/**
 * The reads more than one part of the app caches, defined once: their query key and their
 * `queryOptions` (the directory: its hook), so the shell and every remote share one cache entry
 * and one fetcher.
 * - The member directory (GET /user/all) under ['users', 'all'], cached as the answer's `data`:
 *   the dashboard, players, the board's assignees, chat, attendance and scorers read it; a write
 *   to a member invalidates ['users'].
 * - The events list (GET /events) under ['events', 'list', teamId or 'all'], cached as the whole
 *   answer (events, the club's time zone and the cursor to older ones): the dashboard and the
 *   schedule read it for the header's team choice; a write to an event, an RSVP, availability or
 *   attendance invalidates ['events'] (every team's list).
 * - The club's teams (GET /teams) under ['teams'], cached as the list: the header's team picker,
 *   the team pickers of the forms and the /teams page read it; a write to a team or a roster
 *   invalidates ['teams'].
 * - A guardian's children (GET /family) under ['family'], cached as the answer's body: /family
 *   shows it and the header's team picker offers the children's teams from it; an RSVP or an
 *   absence for a child invalidates ['family'].
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type ApiRequest } from '@teamapp/api-client';
import {
  eventsEndpoints,
  familyEndpoints,
  teamsEndpoints,
  usersEndpoints,
  type User,
} from '@teamapp/contracts';
import { useRequest } from '../session/session-context';

export const membersQueryKey = ['users', 'all'] as const;

/**
 * The directory as a screen shows it: `select` picks from the shared entry what the screen needs
 * (the active players, names by id...), and `enabled` false waits (e.g. admins only).
 */
export function useMemberDirectory<T = User[]>(
  options: { select?: (users: User[]) => T; enabled?: boolean } = {},
) {
  const request = useRequest();
  return useQuery({
    queryKey: membersQueryKey,
    queryFn: async () => (await call(request, usersEndpoints.all)).data,
    ...options,
  });
}

export const eventsQueryKey = ['events'] as const;

/**
 * `useQuery({ ...eventsQuery(request, teamId), enabled })`: every event the member may see, or
 * with `teamId` that team's only (useTeamChoice().teamId; null or absent: all of them).
 */
export const eventsQuery = (request: ApiRequest, teamId: string | null = null) =>
  queryOptions({
    queryKey: [...eventsQueryKey, 'list', teamId ?? 'all'] as const,
    queryFn: () => call(request, eventsEndpoints.list, { query: teamId ? { teamId } : {} }),
  });

export const teamsQueryKey = ['teams'] as const;

/** `useQuery({ ...teamsQuery(request) })`: the club's active teams, with the caller's role. */
export const teamsQuery = (request: ApiRequest) =>
  queryOptions({
    queryKey: teamsQueryKey,
    queryFn: async () => (await call(request, teamsEndpoints.list, { query: {} })).teams,
  });

export const familyQueryKey = ['family'] as const;

/** `useQuery({ ...familyQuery(request), enabled })`: the caller's children, teams and next events. */
export const familyQuery = (request: ApiRequest) =>
  queryOptions({
    queryKey: familyQueryKey,
    queryFn: () => call(request, familyEndpoints.family),
  });
