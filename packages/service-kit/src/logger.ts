/** pino JSON logging; a child logger per request carries requestId, userId and route. */
import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(service: string, level: string): Logger {
  return pino({ name: service, level, base: { service } });
}

export function requestLogging(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = /^[A-Za-z0-9._-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    ctx.state.log = logger.child({ requestId, method: ctx.method, path: ctx.path });
    const started = performance.now();
    await next();
    const log: Logger = ctx.state.log;
    log.info(
      {
        status: ctx.status,
        ms: Math.round(performance.now() - started),
        userId: ctx.state.user?.id,
      },
      'request done',
    );
  };
}
