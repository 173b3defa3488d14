/**
 * The typed caller: `call(request, clubTasksEndpoints.update, { params: { id }, body })` builds
 * the endpoint's path from its params and query, sends it through the session's ApiRequest (its
 * reference §8 error handling unchanged) and returns the answer typed by the endpoint's schema.
 * Outside production builds (the remotes' webpack builds set NODE_ENV from their mode, jest sets
 * it to test) the answer is parsed with that schema, and one that does not fit throws, naming the
 * field: a remote finds out in development and tests that it no longer matches its service.
 */
import type { AnyEndpoint, EndpointAnswer, EndpointInput } from '@teamapp/contracts';
import { answerProblem, pathOf } from '@teamapp/contracts';
import type { ApiRequest } from './request';

/** Thrown (outside production) when an answer does not fit the endpoint's answer schema. */
export class AnswerMismatchError extends Error {
  override name = 'AnswerMismatchError';
}

/** `?a=1&b=x` from the query's defined values (arrays repeat their key), or ''. */
function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The path an endpoint is called on, `/api` left to the request function. */
export function urlOf<E extends AnyEndpoint>(endpoint: E, input: Partial<EndpointInput<E>>) {
  const parts = input as { params?: Record<string, unknown>; query?: unknown };
  return pathOf(endpoint.path, parts.params) + queryString(parts.query);
}

/** An endpoint with nothing to send may be called without the input. */
type InputArgs<E extends AnyEndpoint> = keyof EndpointInput<E> extends never
  ? [input?: EndpointInput<E>]
  : [input: EndpointInput<E>];

/**
 * Sends the call and returns its answer as the endpoint types it, unchecked: for a benchmark's
 * timed calls, whose figures would include the check. Everything else uses `call`.
 */
export function send<E extends AnyEndpoint>(
  request: ApiRequest,
  endpoint: E,
  ...[input]: InputArgs<E>
): Promise<EndpointAnswer<E>> {
  if (endpoint.mount !== '/api') {
    throw new Error(
      `${endpoint.mount}${endpoint.path} is not published: only /api endpoints are called from here`,
    );
  }
  const parts = (input ?? {}) as Partial<EndpointInput<E>>;
  return request<EndpointAnswer<E>>(
    endpoint.method,
    urlOf(endpoint, parts),
    (parts as { body?: unknown }).body,
  );
}

export async function call<E extends AnyEndpoint>(
  request: ApiRequest,
  endpoint: E,
  ...args: InputArgs<E>
): Promise<EndpointAnswer<E>> {
  const answer = await send(request, endpoint, ...args);
  if (process.env.NODE_ENV !== 'production') {
    const problem = answerProblem(endpoint, answer);
    if (problem) throw new AnswerMismatchError(problem);
  }
  return answer;
}
