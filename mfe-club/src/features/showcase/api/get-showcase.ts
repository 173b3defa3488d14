/**
 * The public showcase behind / (reference §2 Showcase page, §7 GET /api/showcase without a token):
 * the club's title and stats, fixtures, record, news and top performers from the club's data,
 * merged with what an admin edits. Signed out, the session's request sends no token. The call
 * goes through `showcaseEndpoints.get` in packages/contracts; the showcase Pact test
 * (showcase.pact.test.ts) drives `getShowcase`.
 */
import { showcaseEndpoints } from '@teamapp/contracts';
import { call, type ApiRequest } from '@teamapp/api-client';
import { useRead } from '@teamapp/ui';

export const showcaseQueryKey = ['showcase'] as const;

/**
 * The showcase, or null for an answer without it (production builds do not check answers, and a
 * query's data may not be undefined): the page then says "No data available".
 */
export const getShowcase = async (request: ApiRequest) =>
  (await call(request, showcaseEndpoints.get)).data ?? null;

export const useShowcase = () => useRead(showcaseQueryKey, getShowcase);
