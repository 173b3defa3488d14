/**
 * The schedule's calls (reference §7): the event list (cached under ['events'] as the
 * answer's body, which the dashboard reads too), RSVP, add/edit/delete with a series scope, who
 * is away on a date, the member's private calendar feed, a game's result, and the members'
 * names (the team directory, under the key the other screens share) for scorers. Each call goes
 * through its endpoint in packages/contracts; the plain fetchers in `eventsCalls`,
 * `calendarCalls` and `resultCalls` are what the hooks run and what the pact tests beside them
 * drive.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  membersQuery,
  useRequest,
} from '@teamapp/ui';

/** The list's key, defined once in @teamapp/ui (eventsQuery). */
export const eventsQueryKey = sharedEventsQueryKey;
const feedQueryKey = ['calendar-feed'] as const;

/** The events fetchers on a request function (the list is @teamapp/ui's shared `eventsQuery`). */
export const eventsCalls = {
  create: (request: ApiRequest, input: EventInput) => call(request, api.create, { body: input }),
  update: (request: ApiRequest, id: string, input: EventInput, scope?: EventScope) =>
    call(request, api.update, { params: { id }, query: { scope }, body: input }),
  remove: (request: ApiRequest, id: string, scope?: EventScope) =>
    call(request, api.remove, { params: { id }, query: { scope } }),
  rsvp: (request: ApiRequest, eventId: string, status: RsvpStatus) =>
    call(request, api.rsvp, { params: { id: eventId }, body: { status } }),
  conflicts: (request: ApiRequest, dates: string[]) =>
    call(request, api.conflicts, { query: { date: dates } }),
};

export function useEvents() {
  const request = useRequest();
  return useQuery({
    ...eventsQuery(request),
  });
}

function useEventsMutation<V, A>(run: (variables: V) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['attendance'] }),
      ]),
  });
}

export function useRsvp() {
  const request = useRequest();
  return useEventsMutation(({ eventId, status }: { eventId: string; status: RsvpStatus }) =>
    eventsCalls.rsvp(request, eventId, status),
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
export function useConflicts(dates: string[], enabled: boolean) {
  const request = useRequest();
  return useQuery({
    queryKey: ['events', 'conflicts', dates],
    queryFn: async () => (await eventsCalls.conflicts(request, dates)).data,
    enabled: enabled && dates.length > 0,
    select: (days) => days.filter((d) => d.away.length > 0),
  });
}

/** The calendar feed's fetchers (`calendarEndpoints`), which calendar.pact.test.ts drives. */
export const calendarCalls = {
  feed: (request: ApiRequest) => call(request, calendarApi.feed),
  regenerate: (request: ApiRequest) => call(request, calendarApi.regenerate),
};

export function useCalendarFeed() {
  const request = useRequest();
  return useQuery({
    queryKey: feedQueryKey,
    queryFn: () => calendarCalls.feed(request).then((answer) => answer.data),
  });
}

export function useRegenerateFeed() {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => calendarCalls.regenerate(request).then((answer) => answer.data),
    onSuccess: (data) => queryClient.setQueryData(feedQueryKey, data),
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
export function useMemberNames(enabled: boolean) {
  const request = useRequest();
  return useQuery({
    ...membersQuery(request),
    enabled,
    select: (users) => new Map(users.map((u) => [u.id, u.name])),
  });
}
