/**
 * Request validation: one zod schema per route, applied by the `validate()` middleware in the
 * route's chain (`requireAuth, requireRole('admin'), validate(schema), handler`); the handler
 * reads the parsed, typed input from `ctx.state.input`. Failures become a 400 naming the field.
 */
import type { RouterContext, RouterMiddleware } from '@koa/router';
import { EXACT_VALIDATION_MESSAGES } from '@teamapp/contracts';
import type { z } from 'zod';
import type { AuthUser } from './auth';
import { badRequest, forbidden } from './errors';
import type { Logger } from './logger';
import { tagMiddleware } from './openapi';

/** Where a request's input comes from; the first path segment of a failure is one of these. */
const SOURCES = new Set(['body', 'query', 'params']);

/** The field a path names, without its source (`body.title` is `title`). */
const fieldOf = (path: readonly string[]) =>
  (SOURCES.has(path[0] ?? '') ? path.slice(1) : path).join('.');

/**
 * The path of the first string holding a NUL character, or undefined. No store keeps one
 * (PostgreSQL's text refuses it), and no member types one: it is refused as bad input.
 */
function nulCharacterAt(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulCharacterAt(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) {
    const at = nulCharacterAt(result.data);
    if (!at) return result.data;
    const field = fieldOf(at);
    throw badRequest(
      `${field || 'The request'} must not contain a null character`,
      field || undefined,
    );
  }
  const issue = result.error.issues[0]!;
  const path = issue.path.map(String);
  const field = fieldOf(path);
  const message =
    EXACT_VALIDATION_MESSAGES.has(issue.message) || !field || issue.message.includes(field)
      ? issue.message
      : `${field}: ${issue.message}`;
  throw badRequest(message, field || undefined);
}

/** What every request carries (set by the app factory). */
export interface RequestState {
  requestId: string;
  log: Logger;
}

/** A request that passed requireAuth. */
export interface AuthedState extends RequestState {
  user: AuthUser;
}

/** A route's schema: a zod object of any of `body`, `query` and `params`. */
export type RequestSchema = z.ZodType<{ body?: unknown; query?: unknown; params?: unknown }>;

/** A handler's context: typed state, with the validated input at `ctx.state.input`. */
export type ApiContext<TInput = undefined, TState = AuthedState> = RouterContext<
  TState & { input: TInput }
>;

/** The context of a route anyone may call (no requireAuth in its chain). */
export type PublicContext<TInput = undefined> = ApiContext<TInput, RequestState>;

/** The parsed input of a route schema, for `ApiContext<InputOf<typeof schema>>`. */
export type InputOf<S extends RequestSchema> = z.output<S>;

/** Middleware: parses body, query and params with the route's schema into ctx.state.input. */
export function validate(schema: RequestSchema): RouterMiddleware {
  // Tagged with its schema: the service's OpenAPI description is generated from it (openapi.ts).
  return tagMiddleware<RouterMiddleware>(
    async (ctx, next) => {
      ctx.state.input = parseInput(schema, {
        body: ctx.request.body ?? {},
        query: ctx.query,
        params: ctx.params,
      });
      await next();
    },
    { kind: 'input', schema },
  );
}

/**
 * Middleware: 403 when the body sets any field outside `fields` (a caller may send only what
 * their role may change; anything else is a permission problem, not a typo).
 */
export function permitFields(fields: readonly string[], message?: string): RouterMiddleware {
  const allowed = new Set(fields);
  return async (ctx, next) => {
    const body: unknown = ctx.request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      if (Object.keys(body).some((key) => !allowed.has(key))) throw forbidden(message);
    }
    await next();
  };
}
