/**
 * The schedule's calls (reference §7): the event list (cached under ['events'] as the
 * answer's body, which the dashboard reads too), RSVP, add/edit/delete with a series scope, who
 * is away on a date, the member's private calendar feed, a game's result, and the members'
 * names (the team directory, under the key the other screens share) for scorers.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, requestData, type ApiRequest } from '@teamapp/api-client';
import {
  calendarEndpoints as calendarApi,
  type AwayMember,
  type ClubEvent,
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

interface WriteAnswer {
  success: true;
  message: string;
  data: { events?: ClubEvent[]; deleted?: number } | ClubEvent;
}

export function useEvents() {
  const request = useRequest();
  return useQuery({
    ...eventsQuery(request),
  });
}

function useEventsMutation<V>(call: (variables: V) => Promise<WriteAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
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
    request<WriteAnswer>('POST', `/events/${encodeURIComponent(eventId)}/rsvp`, { status }),
  );
}

export function useSaveEvent() {
  const request = useRequest();
  return useEventsMutation(
    ({ id, input, scope }: { id: string | null; input: EventInput; scope?: EventScope }) =>
      id
        ? request<WriteAnswer>(
            'PUT',
            `/events/${encodeURIComponent(id)}${scope ? `?scope=${scope}` : ''}`,
            input,
          )
        : request<WriteAnswer>('POST', '/events', input),
  );
}

export function useDeleteEvent() {
  const request = useRequest();
  return useEventsMutation(({ id, scope }: { id: string; scope?: EventScope }) =>
    request<WriteAnswer>(
      'DELETE',
      `/events/${encodeURIComponent(id)}${scope ? `?scope=${scope}` : ''}`,
    ),
  );
}

/** Club dates (YYYY-MM-DD) and the members whose Not Available entries cover them. */
export type AwayDay = { date: string; away: AwayMember[] };

/** Who is away on each of `dates` (admins only); only the dates someone is away on. */
export function useConflicts(dates: string[], enabled: boolean) {
  const request = useRequest();
  const query = dates.map((d) => `date=${encodeURIComponent(d)}`).join('&');
  return useQuery({
    queryKey: ['events', 'conflicts', dates],
    queryFn: () => requestData<AwayDay[]>(request, 'GET', `/events/conflicts?${query}`),
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

/** Records (or replaces) a game's score and scorers; the list and the season stats reload. */
export function useRecordResult() {
  const request = useRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, result }: { eventId: string; result: GameResultInput }) =>
      request<WriteAnswer>('PUT', `/events/${encodeURIComponent(eventId)}/result`, result),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['attendance'] }),
      ]),
  });
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
