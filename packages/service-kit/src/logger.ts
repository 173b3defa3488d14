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

export function requestLogging(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = isRequestId(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const { method, path } = ctx;
    // The request's logger is made when something first logs, and names the member once one
    // is signed in: most requests write only the closing line, and a child logger per request
    // was a cost on every read.
    let made: { log: Logger; userId: string | undefined } | undefined;
    Object.defineProperty(ctx.state, 'log', {
      configurable: true,
      enumerable: true,
      get: (): Logger => {
        const userId: string | undefined = ctx.state.user?.id;
        if (made?.userId !== userId || !made)
          made = { log: logger.child({ method, path, ...(userId && { userId }) }), userId };
        return made.log;
      },
    });
    await withRequestId(requestId, async () => {
      const started = performance.now();
      await next();
      if (!logger.isLevelEnabled('info')) return;
      const log: Logger = ctx.state.log;
      log.info({ status: ctx.status, ms: Math.round(performance.now() - started) }, 'request done');
    });
  };
}
