/**
 * A route registered from its endpoint definition (packages/contracts `endpoint()`): the method
 * and path, the input validation (the same `validate()` and 400 texts as a hand-written chain),
 * the success status and the declared answer all come from the definition, so a router restates
 * none of them. Outside production the answer is parsed with the endpoint's answer schema: under
 * tests (NODE_ENV=test) an answer that does not fit fails the call with a 500 naming the field;
 * in development it is logged as an error.
 *
 *   route(router, clubTasksEndpoints.create, requireAuth, requireRole('admin')).handle(async (ctx) =>
 *     ({ success: true, message: TASK_CREATED, data: await tasks.create(ctx.state.input.body) }));
 */
import type { Router, RouterMiddleware } from '@koa/router';
import type { AnyEndpoint, EndpointAnswerInput, EndpointParsed } from '@teamapp/contracts';
import { answerProblem } from '@teamapp/contracts';
import { z } from 'zod';
import { responds } from './openapi';
import { validate, type ApiContext, type AuthedState, type RequestState } from './validate';

// The chain mixes guards and handlers of different context types; Koa runs them in order.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type AnyMiddleware = RouterMiddleware<any, any>;

/** The `{ params, query, body }` schema `validate()` applies, from the parts the endpoint declares. */
export function inputSchemaOf(endpoint: AnyEndpoint): z.ZodType | undefined {
  const shape: Record<string, z.ZodType> = {};
  if (endpoint.params) shape.params = endpoint.params;
  if (endpoint.query) shape.query = endpoint.query;
  if (endpoint.body) shape.body = endpoint.body;
  return Object.keys(shape).length ? z.object(shape) : undefined;
}

/** The route's path under its router's prefix: `/api` + `/club-tasks/:id` under `/api/club-tasks` is `/:id`. */
function localPath(router: Router, endpoint: AnyEndpoint): string {
  const full = `${endpoint.mount}${endpoint.path}`;
  const prefix = router.opts.prefix ?? '';
  if (full !== prefix && !full.startsWith(`${prefix}/`)) {
    throw new Error(`${endpoint.method} ${full} is outside its router's prefix ${prefix}`);
  }
  return full.slice(prefix.length) || '/';
}

/**
 * The answer as the caller receives it, or undefined when it is not JSON the check can read
 * (a stream, a gzipped cached answer). An object goes through JSON as Koa would send it (dates
 * become strings); a cached answer (sendCached) is already JSON text.
 */
function sentJson(ctx: { body: unknown; response: { get(field: string): string } }): unknown {
  const body = ctx.body;
  if (body === null || body === undefined) return undefined;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    if (ctx.response.get('Content-Encoding')) return undefined;
    try {
      return JSON.parse(body.toString());
    } catch {
      return undefined;
    }
  }
  if (typeof body !== 'object' || typeof (body as { pipe?: unknown }).pipe === 'function') {
    return undefined;
  }
  return JSON.parse(JSON.stringify(body));
}

/** The second half of `route()`: the handler, typed by the endpoint. */
export interface RouteHandling<E extends AnyEndpoint> {
  /**
   * `handler` reads `ctx.state.input` and returns the answer (or sets `ctx.body` itself). Its
   * state has the signed-in `user` unless said otherwise (`handle<RequestState>` on open routes).
   */
  handle<S extends RequestState = AuthedState>(
    handler: (ctx: ApiContext<EndpointParsed<E>, S>) => Promise<EndpointAnswerInput<E> | undefined>,
  ): void;
}

/**
 * Registers `endpoint` on `router` (made by createRouter with a prefix its path starts with):
 * `guards` first (requireAuth, requireRole, access.*, permitFields), then the input validation,
 * then the handler given to `.handle()`. (Two calls, so that the endpoint fixes the handler's
 * types before TypeScript reads the handler: its answer's literals, `success: true`, stay literal.)
 */
export function route<E extends AnyEndpoint>(
  router: Router,
  endpoint: E,
  ...guards: AnyMiddleware[]
): RouteHandling<E> {
  const input = inputSchemaOf(endpoint);
  return {
    handle<S extends RequestState = AuthedState>(
      handler: (
        ctx: ApiContext<EndpointParsed<E>, S>,
      ) => Promise<EndpointAnswerInput<E> | undefined>,
    ) {
      const run: AnyMiddleware = async (ctx: ApiContext<EndpointParsed<E>, S>) => {
        if (endpoint.status !== 200) ctx.status = endpoint.status;
        const answer = await handler(ctx);
        if (answer !== undefined) ctx.body = answer;
        const mode = process.env.NODE_ENV;
        if (mode === 'production' || ctx.status !== endpoint.status) return;
        const sent = sentJson(ctx);
        if (sent === undefined) return;
        const problem = answerProblem(endpoint, sent);
        if (!problem) return;
        if (mode === 'test') throw new Error(problem);
        // The route's template, never the request's path (an answer link's token is its secret).
        ctx.state.log.error({ path: endpoint.path }, problem);
      };
      const chain: AnyMiddleware[] = [
        ...guards,
        ...(input ? [validate(input as Parameters<typeof validate>[0])] : []),
        responds(endpoint.answer, endpoint.status, endpoint.summary),
        run,
      ];
      const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
      router[method](localPath(router, endpoint), ...(chain as [AnyMiddleware]));
    },
  };
}
