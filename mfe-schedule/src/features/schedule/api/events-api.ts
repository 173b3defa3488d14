/**
 * The schedule's calls (reference §7): the event list for the header's team (cached under
 * ['events', 'list', team] as the answer's body, which the dashboard reads too) and its older past
 * events page by page, RSVP, add/edit/delete with a series scope, who
 * is away on a date, the member's private calendar feed and their teams', a game's result, and the members'
 * names (the team directory, under the key the other screens share) for scorers. Each call goes
 * through its endpoint in packages/contracts; the plain fetchers in `eventsCalls`,
 * `calendarCalls` and `resultCalls` are what the hooks run and what the pact tests beside them
 * drive.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type ApiRequest } from '@teamapp/api-client';
import {
  calendarEndpoints as calendarApi,
  eventsEndpoints as api,
  resultsEndpoints as resultsApi,
  type EventInput,
  type EventScope,
  type GameResultInput,
  type RsvpStatus,
} from '@teamapp/contracts';
import {
  eventsQuery,
  eventsQueryKey as sharedEventsQueryKey,
  familyQuery,
  familyQueryKey,
  useMemberDirectory,
  useRead,
  useRequest,
} from '@teamapp/ui';

/** The list's key, defined once in @teamapp/ui (eventsQuery). */
export const eventsQueryKey = sharedEventsQueryKey;
const feedQueryKey = ['calendar-feed'] as const;

/** The events fetchers on a request function (the list is @teamapp/ui's shared `eventsQuery`). */
export const eventsCalls = {
  /** The page of past events before `before` (the list's `olderBefore`), of one team or all. */
  older: (request: ApiRequest, before: string, teamId: string | null = null) =>
    call(request, api.list, { query: { before, ...(teamId ? { teamId } : {}) } }),
  create: (request: ApiRequest, input: EventInput) => call(request, api.create, { body: input }),
  update: (request: ApiRequest, id: string, input: EventInput, scope?: EventScope) =>
    call(request, api.update, { params: { id }, query: { scope }, body: input }),
  remove: (request: ApiRequest, id: string, scope?: EventScope) =>
    call(request, api.remove, { params: { id }, query: { scope } }),
  /** The caller's answer, or with `forUserId` a guardian's for their child (family.ts). */
  rsvp: (request: ApiRequest, eventId: string, status: RsvpStatus, forUserId?: string) =>
    call(request, api.rsvp, {
      params: { id: eventId },
      body: forUserId ? { status, forUserId } : { status },
    }),
  conflicts: (request: ApiRequest, dates: string[]) =>
    call(request, api.conflicts, { query: { date: dates } }),
};

/** The events of `teamId` (null: every team the member sees), upcoming and recent past. */
export function useEvents(teamId: string | null) {
  const request = useRequest();
  return useQuery({
    ...eventsQuery(request, teamId),
  });
}

/**
 * Older past events, page by page from the list's cursor `from` (its `olderBefore`), fetched only
 * once `wanted`: each page answers the next cursor, null when none is older.
 */
export function useOlderEvents(teamId: string | null, from: string | null, wanted: boolean) {
  const request = useRequest();
  return useInfiniteQuery({
    queryKey: [...eventsQueryKey, 'older', teamId ?? 'all', from],
    queryFn: ({ pageParam }) => eventsCalls.older(request, pageParam, teamId),
    initialPageParam: from ?? '',
    getNextPageParam: (page) => page.olderBefore ?? undefined,
    enabled: wanted && !!from,
  });
}

function useEventsMutation<V, A>(
  run: (variables: V) => Promise<A>,
  networkMode: 'online' | 'always' = 'online',
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    networkMode,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['attendance'] }),
        queryClient.invalidateQueries({ queryKey: familyQueryKey }),
      ]),
  });
}

export function useRsvp() {
  const request = useRequest();
  return useEventsMutation(
    ({ eventId, status, forUserId }: { eventId: string; status: RsvpStatus; forUserId?: string }) =>
      eventsCalls.rsvp(request, eventId, status, forUserId),
    // Offline too: the service worker keeps the answer and sends it when the network is back.
    'always',
  );
}

export function useSaveEvent() {
  const request = useRequest();
  return useEventsMutation(
    ({ id, input, scope }: { id: string | null; input: EventInput; scope?: EventScope }) =>
      id ? eventsCalls.update(request, id, input, scope) : eventsCalls.create(request, input),
  );
}

export function useDeleteEvent() {
  const request = useRequest();
  return useEventsMutation(({ id, scope }: { id: string; scope?: EventScope }) =>
    eventsCalls.remove(request, id, scope),
  );
}

/** Who is away on each of `dates` (admins only); only the dates someone is away on. */
export const useConflicts = (dates: string[], enabled: boolean) =>
  useRead(
    ['events', 'conflicts', dates],
    async (request) => (await eventsCalls.conflicts(request, dates)).data,
    {
      enabled: enabled && dates.length > 0,
      select: (days) => days.filter((d) => d.away.length > 0),
    },
  );

/**
 * The calendar feeds' fetchers (`calendarEndpoints`), the member's own and each team's, which
 * calendar.pact.test.ts drives.
 */
export const calendarCalls = {
  feed: (request: ApiRequest) => call(request, calendarApi.feed),
  regenerate: (request: ApiRequest) => call(request, calendarApi.regenerate),
  teamFeed: (request: ApiRequest, teamId: string) =>
    call(request, calendarApi.teamFeed, { params: { teamId } }),
  regenerateTeam: (request: ApiRequest, teamId: string) =>
    call(request, calendarApi.regenerateTeam, { params: { teamId } }),
};

/** The member's own feed (`teamId` null) or a team's: its query key, read and regeneration. */
const feedKey = (teamId: string | null) =>
  teamId ? ([...feedQueryKey, 'team', teamId] as const) : feedQueryKey;

export const useCalendarFeed = (teamId: string | null = null) =>
  useRead(feedKey(teamId), (request) =>
    (teamId ? calendarCalls.teamFeed(request, teamId) : calendarCalls.feed(request)).then(
      (answer) => answer.data,
    ),
  );

export function useRegenerateFeed(teamId: string | null = null) {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      (teamId
        ? calendarCalls.regenerateTeam(request, teamId)
        : calendarCalls.regenerate(request)
      ).then((answer) => answer.data),
    onSuccess: (data) => queryClient.setQueryData(feedKey(teamId), data),
  });
}

/** A game's result on a request function (`resultsEndpoints.record`). */
export const resultCalls = {
  record: (request: ApiRequest, eventId: string, result: GameResultInput) =>
    call(request, resultsApi.record, { params: { id: eventId }, body: result }),
};

/** Records (or replaces) a game's score and scorers; the list and the season stats reload. */
export function useRecordResult() {
  const request = useRequest();
  return useEventsMutation(({ eventId, result }: { eventId: string; result: GameResultInput }) =>
    resultCalls.record(request, eventId, result),
  );
}

/** Every member's name by id (the team directory), for scorers; fetched only when enabled. */
export const useMemberNames = (enabled: boolean) =>
  useMemberDirectory({ enabled, select: (users) => new Map(users.map((u) => [u.id, u.name])) });

/** A guardian's children's names by id (from GET /family), for the "For {name}" chips. */
export function useFamilyNames(enabled: boolean) {
  const request = useRequest();
  return useQuery({
    ...familyQuery(request),
    enabled,
    select: (answer) => new Map(answer.data.children.map((c) => [c.id, c.name])),
  });
}
