/**
 * pino JSON logging; a child logger per request carries userId and route, and every line written
 * inside a request (or a job it queued) carries its requestId.
 */
import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import pino, { type Logger } from 'pino';
import { currentRequestId, isRequestId, withRequestId } from './request-context';

export type { Logger };

export function createLogger(service: string, level: string, file?: string): Logger {
  return pino(
    {
      name: service,
      level,
      base: { service },
      // Every line written while serving a request or a job it queued names that request.
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    file ? pino.destination({ dest: file, sync: true, mkdir: true }) : undefined,
  );
}

/**
 * ctx.state as requestLogging makes it: the request's id, and its logger (ctx.state.log), made
 * when something first logs and naming the member once one is signed in. Most requests write only
 * the closing line, and above the info level not even that. The getter lives on the class: one
 * defined on each request's state object (Object.defineProperty) made every cached read cost
 * about 30 microseconds more, half again what the rest of the service costs (measured).
 */
class RequestState {
  user?: { id?: string };
  readonly #base: Logger;
  readonly #bindings: Record<string, string>;
  #made: Logger | undefined;
  #madeFor: string | undefined;

  constructor(
    readonly requestId: string,
    base: Logger,
    bindings: Record<string, string>,
  ) {
    this.#base = base;
    this.#bindings = bindings;
  }

  get log(): Logger {
    const userId = this.user?.id;
    if (!this.#made || this.#madeFor !== userId) {
      this.#made = this.#base.child({ ...this.#bindings, ...(userId && { userId }) });
      this.#madeFor = userId;
    }
    return this.#made;
  }
}

/**
 * Paths that carry a secret, each with what is logged in its place. A calendar feed's URL
 * (/api/calendar/{token}.ics) is its only key, so whoever reads the logs could read the member's
 * calendar: everything under /api/calendar/ but the signed-in feed routes is logged as
 * REDACTED_FEED_PATH. A one-tap answer link (/api/events/answer/{token}, reference §2) answers
 * for its member: everything under /api/events/answer/ is logged as REDACTED_ANSWER_PATH. Matched
 * without regard to case, and on the path as the gateway reads it (see normalisedPath), since the
 * gateway passes on whatever spelling reached one of its locations.
 */
export const REDACTED_FEED_PATH = '/api/calendar/[redacted]';
export const REDACTED_ANSWER_PATH = '/api/events/answer/[redacted]';
const SECRET_PATHS: readonly { pattern: RegExp; logged: string }[] = [
  { pattern: /^\/api\/calendar\/(?!feed(?:\/regenerate)?\/?$)/i, logged: REDACTED_FEED_PATH },
  { pattern: /^\/api\/events\/answer(?:\/|$)/i, logged: REDACTED_ANSWER_PATH },
];

/**
 * A path percent-decoded (twice over at most, byte by byte: only ASCII is compared), with `//`
 * merged and `.` and `..` resolved: `/api/%63alendar/x` and `//api/calendar/x` both read as
 * `/api/calendar/x`. For matching only, never written.
 */
function normalisedPath(path: string): string {
  let decoded = path;
  for (let round = 0; round < 3; round++) {
    const next = decoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    if (next === decoded) break;
    decoded = next;
  }
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** The request path as it may be written to a log line: secrets in it replaced. */
export function loggablePath(path: string): string {
  let normalised: string | undefined;
  for (const { pattern, logged } of SECRET_PATHS) {
    if (pattern.test(path) || pattern.test((normalised ??= normalisedPath(path)))) return logged;
  }
  return path;
}

export function requestLogging(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = isRequestId(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', requestId);
    const { method } = ctx;
    const path = loggablePath(ctx.path);
    // A write runs inside the request's context, so the jobs it queues carry the id (the logger's
    // mixin names it on each line); a read queues nothing and runs outside it, its logger naming
    // the request itself (request-context.ts says why).
    const writes = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
    ctx.state = new RequestState(
      requestId,
      logger,
      writes ? { method, path } : { requestId, method, path },
    );
    const serve = async () => {
      if (!logger.isLevelEnabled('info')) return next();
      const started = performance.now();
      await next();
      const log: Logger = ctx.state.log;
      log.info({ status: ctx.status, ms: Math.round(performance.now() - started) }, 'request done');
    };
    await (writes ? withRequestId(requestId, serve) : serve());
  };
}
