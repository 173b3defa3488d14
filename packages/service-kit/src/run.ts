/** Listening and draining: a service listens, and on SIGTERM/SIGINT stops taking requests and closes. */
import type { Server } from 'node:http';
import type Koa from 'koa';
import type { Logger } from './logger';
import { listenMetrics, type ServiceMetrics } from './metrics';

/**
 * How long an idle keep-alive connection stays open: longer than the gateway keeps its idle
 * connections to a service (nginx's upstream keepalive_timeout, 60 s). With Node's default (5 s)
 * the service closed connections nginx still held, and a request nginx sent on one just as it
 * closed failed with a reset (a 502, never retried for a POST): an RSVP among 971 requests of
 * bench:load.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export async function listen(app: Koa, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    // Must exceed keepAliveTimeout, or a slow request head on a reused connection is cut short.
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

export function drainOnSignals(
  server: Server,
  logger: Logger,
  closers: (() => Promise<unknown>)[],
) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'draining');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (const close of closers) {
      try {
        await close();
      } catch (err) {
        logger.warn({ err }, 'close failed');
      }
    }
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

export interface RunnableService {
  app: Koa;
  base: { log: Logger; metrics?: ServiceMetrics };
  close: () => Promise<void>;
}

/** A service's whole server.ts: parse config, build, listen, drain on signals, exit 1 on failure. */
/** How far above its service port a service's metrics listen unless METRICS_PORT says. */
export const METRICS_PORT_OFFSET = 1000;

/** The metrics port: METRICS_PORT, else the service port + 1000 (none for a port-0 service). */
export const metricsPortOf = (config: { SERVICE_PORT: number; METRICS_PORT?: number }) =>
  config.METRICS_PORT ??
  (config.SERVICE_PORT ? config.SERVICE_PORT + METRICS_PORT_OFFSET : undefined);

export function runService<
  C extends { SERVICE_PORT: number; HOST: string; METRICS_PORT?: number },
  S extends RunnableService = RunnableService,
>(options: {
  name: string;
  loadConfig: () => C;
  create: (config: C) => Promise<S>;
  /** Runs once the service and its metrics listen, before the signal handlers that drain it. */
  afterListen?: (config: C, service: S, server: Server) => void;
}): void {
  const start = async () => {
    const config = options.loadConfig();
    const service = await options.create(config);
    const server = await listen(service.app, config.SERVICE_PORT, config.HOST);
    service.base.log.info({ port: config.SERVICE_PORT }, `${options.name} service listening`);
    const metricsPort = metricsPortOf(config);
    if (service.base.metrics && metricsPort !== undefined) {
      await listenMetrics(service.base.metrics, metricsPort, config.HOST, service.base.log);
      service.base.log.info({ port: metricsPort }, 'metrics listening');
    }
    options.afterListen?.(config, service, server);
    drainOnSignals(server, service.base.log, [service.close]);
  };
  start().catch((err: unknown) => {
    const text = err instanceof Error ? err.message : String(err);
    process.stderr.write(`${options.name} service failed to start: ${text}\n`);
    process.exit(1);
  });
}
