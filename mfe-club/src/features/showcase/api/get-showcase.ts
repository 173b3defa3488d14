/**
 * The public showcase behind / (reference §2 Showcase page, §7 GET /api/showcase without a token):
 * the club's title and stats, fixtures, record, news and top performers from the club's data,
 * merged with what an admin edits. Signed out, the session's request sends no token.
 */
import { useQuery } from '@tanstack/react-query';
import type { ShowcaseData } from '@teamapp/contracts';
import { requestData, type ApiRequest } from '@teamapp/api-client';
import { useRequest } from '@teamapp/ui';

export const showcaseQueryKey = ['showcase'] as const;

export const getShowcase = (request: ApiRequest) =>
  requestData<ShowcaseData | null>(request, 'GET', '/showcase').then((data) => data ?? null);

export function useShowcase() {
  const request = useRequest();
  return useQuery({ queryKey: showcaseQueryKey, queryFn: () => getShowcase(request) });
}
