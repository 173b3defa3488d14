/**
 * A read through the API, the counterpart of useWrite: `read` gets the request function and its
 * answer is cached under `queryKey`; `select` picks what the screen shows of it, and `enabled`
 * false waits (e.g. until the member may see it).
 */
import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { ApiRequest } from '@teamapp/api-client';
import { useRequest } from '../session/session-context';

export function useRead<Answer, Data = Answer>(
  queryKey: QueryKey,
  read: (request: ApiRequest) => Promise<Answer>,
  options: { select?: (answer: Answer) => Data; enabled?: boolean } = {},
) {
  const request = useRequest();
  return useQuery<Answer, Error, Data>({ queryKey, queryFn: () => read(request), ...options });
}
