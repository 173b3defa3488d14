/**
 * The reads more than one part of the app caches, defined once: their query key and their
 * `queryOptions`, so the shell and every remote share one cache entry and one fetcher.
 * - The member directory (GET /user/all) under ['users', 'all'], cached as the answer's `data`:
 *   the dashboard, players, the board's assignees, chat, attendance and scorers read it; a write
 *   to a member invalidates ['users'].
 * - The events list (GET /events) under ['events'], cached as the whole answer (events and the
 *   club's time zone): the dashboard and the schedule read it; a write to an event, an RSVP,
 *   availability or attendance invalidates ['events'].
 * - The club's teams (GET /teams) under ['teams'], cached as the list: the header's team picker,
 *   the team pickers of the forms and the /teams page read it; a write to a team or a roster
 *   invalidates ['teams'].
 */
import { queryOptions } from '@tanstack/react-query';
import { call, type ApiRequest } from '@teamapp/api-client';
import { eventsEndpoints, teamsEndpoints, usersEndpoints } from '@teamapp/contracts';

export const membersQueryKey = ['users', 'all'] as const;

/** `useQuery({ ...membersQuery(request), select, enabled })`. */
export const membersQuery = (request: ApiRequest) =>
  queryOptions({
    queryKey: membersQueryKey,
    queryFn: async () => (await call(request, usersEndpoints.all)).data,
  });

export const eventsQueryKey = ['events'] as const;

/** `useQuery({ ...eventsQuery(request), enabled })`: every event the member may see. */
export const eventsQuery = (request: ApiRequest) =>
  queryOptions({
    queryKey: eventsQueryKey,
    queryFn: () => call(request, eventsEndpoints.list, { query: {} }),
  });

export const teamsQueryKey = ['teams'] as const;

/** `useQuery({ ...teamsQuery(request) })`: the club's active teams, with the caller's role. */
export const teamsQuery = (request: ApiRequest) =>
  queryOptions({
    queryKey: teamsQueryKey,
    queryFn: async () => (await call(request, teamsEndpoints.list, { query: {} })).teams,
  });
