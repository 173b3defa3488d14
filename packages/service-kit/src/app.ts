/**
 * The Koa app factory every service uses: request ids and logging, request metrics, the error
 * middleware, JSON body parsing with a size cap, /health, /ready and /openapi.json, then the
 * service's own routers.
 */
import { bodyParser } from '@koa/bodyparser';
import { Router } from '@koa/router';
import Koa from 'koa';
import { errorMiddleware, notFound } from './errors';
import { requestLogging, type Logger } from './logger';
import type { ServiceMetrics } from './metrics';
import { describeRouters } from './openapi';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<unknown>;
}

export interface ServiceAppOptions {
  logger: Logger;
  routers: Router[];
  readiness: ReadinessCheck[];
  /** Largest JSON body accepted, e.g. '100kb' or '3mb'. */
  jsonLimit?: string;
  /** Events and tasks also carry `message` in error bodies (reference §7). */
  errorAlsoMessage?: boolean;
  /** The service's own middleware, run after body parsing and before its routers. */
  middleware?: Koa.Middleware[];
  /** Counts and times every request (the service's metrics, served on their own port). */
  metrics?: ServiceMetrics;
}

const registered = new WeakMap<Koa, Router[]>();

/**
 * A service's router under `prefix`. Paths match only as written: `/api/auth/LOGIN` is not
 * `/api/auth/login`, so a limit or rule kept for one spelling of a path cannot be walked around
 * with another. (A trailing slash is refused for every route by the app itself, see below: the
 * router's own strict mode would also move a list route `/` from `/api/news` to `/api/news/`.)
 */
export function createRouter(prefix: string) {
  return new Router({ prefix, sensitive: true });
}

/** The routers an app was built with (the OpenAPI coverage test walks them). */
export const routersOf = (app: Koa): Router[] => registered.get(app) ?? [];

export function createServiceApp(options: ServiceAppOptions): Koa {
  for (const router of options.routers) {
    if (router.opts.sensitive !== true) {
      throw new Error(
        `router ${router.opts.prefix ?? '/'} matches paths in any case; make it with createRouter()`,
      );
    }
  }
  // Behind the gateway, which sets X-Forwarded-For to the address it saw: only that last hop
  // is trusted, so ctx.ip is never an address the client wrote into the header itself.
  const app = new Koa({ proxy: true, maxIpsCount: 1 });
  // Errors are answered by errorMiddleware; keep Koa's own handler from logging them twice.
  app.silent = true;
  registered.set(app, options.routers);
  // The service's name labels its description, as it labels its log lines.
  const service = String(options.logger.bindings().service ?? 'service');
  let description: string | undefined;
  app.use(requestLogging(options.logger));
  if (options.metrics) app.use(options.metrics.middleware);
  app.use(errorMiddleware({ alsoMessage: options.errorAlsoMessage }));
  app.use(async (ctx, next) => {
    // The service's own OpenAPI description: outside /api, so the gateway never publishes this
    // path; its docs page fetches it from each service (gateway /api/docs).
    if (ctx.path === '/openapi.json' && ctx.method === 'GET') {
      description ??= JSON.stringify(describeRouters(options.routers, service));
      ctx.type = 'application/json';
      ctx.body = description;
      return;
    }
    if (ctx.path === '/health') {
      ctx.body = { status: 'ok' };
      return;
    }
    if (ctx.path === '/ready') {
      const results = await Promise.all(
        options.readiness.map(async ({ name, check }) => {
          try {
            await withTimeout(check(), 2000);
            return [name, 'ok'] as const;
          } catch {
            return [name, 'down'] as const;
          }
        }),
      );
      const ready = results.every(([, state]) => state === 'ok');
      ctx.status = ready ? 200 : 503;
      ctx.body = { status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) };
      return;
    }
    await next();
  });
  app.use(
    bodyParser({
      enableTypes: ['json'],
      // A DELETE may name what it removes in its body (a push subscription's endpoint).
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
      jsonLimit: options.jsonLimit ?? '100kb',
      encoding: 'utf-8',
      onError: (err) => {
        throw err;
      },
    }),
  );
  for (const middleware of options.middleware ?? []) app.use(middleware);
  // No route ends in a slash: `/api/auth/login/` is not the sign-in route (and so not a way
  // around its limits), it is not found. (A service's own middleware, such as a mounted page
  // under a folder path, answers before this.)
  app.use(async (ctx, next) => {
    if (ctx.path.length > 1 && ctx.path.endsWith('/')) throw notFound();
    await next();
  });
  for (const router of options.routers) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: false }));
  }
  return app;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
