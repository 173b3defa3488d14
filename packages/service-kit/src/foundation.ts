/**
 * What every service stands on. `buildBase`: its logger, its Redis connection, readiness and its
 * queue consumers. `buildFoundation` adds, for a service with a database: the database (own
 * schema, migrations applied), the session store and authenticator, and the transactional outbox
 * with its relay and the unit of work built on it.
 */
import path from 'node:path';
import type { JobPayloads, QueueName } from '@teamapp/contracts';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type Koa from 'koa';
import { createServiceApp, type ReadinessCheck, type ServiceAppOptions } from './app';
import { createAuthenticator, type Authenticator } from './auth';
import { retryPolicyFrom, type BaseConfig } from './config';
import { openDatabase, type Database } from './db';
import { resolvePublicKey } from './keys';
import { createLogger, type Logger } from './logger';
import { createMetrics, type QueueState, type ServiceMetrics } from './metrics';
import { startOutboxRelay, type OutboxRelay, type OutboxTable } from './outbox';
import {
  createQueues,
  startWorker,
  type AnyConsumer,
  type Queues,
  type WorkerHandle,
} from './queues';
import type { ReadCache } from './read-cache';
import { createRedis } from './redis';
import { SessionStore } from './sessions';
import { createUnitOfWork, type InTransaction } from './unit-of-work';

export interface ServiceBase {
  log: Logger;
  redis: Redis;
  /** Producers for every queue (opened on first use); their depths are in the metrics. */
  queues: Queues;
  metrics: ServiceMetrics;
  readiness: ReadinessCheck[];
  /** Starts consuming these queues; the workers stop in close(). */
  consume: (consumers: AnyConsumer[]) => void;
  /** The service's Koa app on this base: its logger, its readiness checks and its metrics. */
  createApp: (options: Omit<ServiceAppOptions, 'logger' | 'readiness' | 'metrics'>) => Koa;
  close: () => Promise<void>;
}

export function buildBase(options: { name: string; config: BaseConfig }): ServiceBase {
  const { config } = options;
  const log = createLogger(options.name, config.LOG_LEVEL, config.LOG_FILE);
  const redis = createRedis(config.REDIS_URL);
  const workers: WorkerHandle[] = [];
  const queues = createQueues({
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    retry: retryPolicyFrom(config),
  });
  const consumed = new Set<QueueName>();
  const metrics = createMetrics(options.name);
  // The queues it consumes and those it has written to so far.
  metrics.watchQueues(() =>
    [...new Set([...consumed, ...queues.opened()])].map((name) => {
      const queue = queues.queue(name);
      return { name, getJobCounts: (...states: QueueState[]) => queue.getJobCounts(...states) };
    }),
  );
  const readiness: ReadinessCheck[] = [{ name: 'redis', check: () => redis.ping() }];
  return {
    log,
    redis,
    queues,
    metrics,
    readiness,
    consume: (consumers) => {
      for (const consumer of consumers) {
        consumed.add(consumer.queue);
        workers.push(
          startWorker({
            queue: consumer.queue,
            // Each consumer is typed for its own queue; the union loses that link.
            handler: consumer.handle as (
              payload: JobPayloads[QueueName],
              job: Job,
            ) => Promise<void>,
            concurrency: consumer.concurrency,
            redisUrl: config.REDIS_URL,
            prefix: config.REDIS_PREFIX,
            log,
            retry: retryPolicyFrom(config),
          }),
        );
      }
    },
    createApp: (appOptions) => createServiceApp({ ...appOptions, logger: log, readiness, metrics }),
    close: async () => {
      await Promise.all(workers.map((w) => w.close()));
      await queues.close();
      redis.disconnect();
    },
  };
}

export interface Foundation<TSchema extends Record<string, unknown>> extends ServiceBase {
  db: Database<TSchema>;
  sessions: SessionStore;
  auth: Authenticator;
  relay: OutboxRelay;
  /**
   * A unit of work over these repositories and the service's outbox, dropping the scopes its
   * writes name from `cache` once they have committed.
   */
  unitOfWork: <TRepos>(
    repos: (db: Database<TSchema>) => TRepos,
    cache?: ReadCache,
  ) => InTransaction<TRepos>;
}

export interface FoundationOptions<TSchema extends Record<string, unknown>> {
  /** The service's name: also its database schema and its PGlite folder under DATA_DIR. */
  name: string;
  config: BaseConfig;
  schema: TSchema;
  migrationsFolder: string;
  /**
   * The key that verifies access tokens; by default JWT_PUBLIC_KEY (in development, generated
   * into DATA_DIR when unset).
   */
  publicKey?: string;
  /** The service's outbox table (service-kit's outboxTable in its own schema). */
  outbox: OutboxTable;
}

export async function buildFoundation<TSchema extends Record<string, unknown>>(
  options: FoundationOptions<TSchema>,
): Promise<Foundation<TSchema>> {
  const { config, name } = options;
  // Before any connection opens: a missing key in production fails the start cleanly.
  const publicKey =
    options.publicKey ??
    resolvePublicKey({
      publicKey: config.JWT_PUBLIC_KEY,
      nodeEnv: config.NODE_ENV,
      dataDir: config.DATA_DIR,
    });
  const base = buildBase({ name, config });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR === 'memory://' ? 'memory://' : path.join(config.DATA_DIR, name),
    schema: options.schema,
    migrationsFolder: options.migrationsFolder,
    migrationsSchema: name,
  }).catch((err: unknown) => {
    base.redis.disconnect();
    throw err;
  });
  const sessions = new SessionStore(base.redis, config.REDIS_PREFIX);
  const { queues } = base;
  const relay = startOutboxRelay({
    db: database.db,
    table: options.outbox,
    queues,
    log: base.log,
    intervalMs: config.OUTBOX_INTERVAL_MS,
  });
  base.metrics.watchOutbox(relay.pending);
  const readiness = [{ name: 'database', check: database.ping }, ...base.readiness];
  return {
    ...base,
    db: database.db,
    sessions,
    auth: createAuthenticator(publicKey, sessions),
    queues,
    relay,
    unitOfWork: (repos, cache) =>
      createUnitOfWork({ db: database.db, outbox: options.outbox, relay, repos, cache }),
    readiness,
    createApp: (appOptions) =>
      createServiceApp({ ...appOptions, logger: base.log, readiness, metrics: base.metrics }),
    close: async () => {
      await relay.stop();
      await base.close();
      await database.close();
    },
  };
}

/** What a service's create function answers: its app without listening, and what is under it. */
export interface ServiceHandle<TDeps, TSchema extends Record<string, unknown>> {
  app: Koa;
  deps: TDeps;
  /** The foundation under the use cases (database, queues, outbox relay), for tests and tools. */
  base: Foundation<TSchema>;
  close: () => Promise<void>;
}

/** The options of a service whose use cases read a clock. */
export interface ClockOptions {
  /** The clock; tests pass a controlled one. */
  now?: () => Date;
}

/** The clock of these options: the one given, else the system's. */
export const clockOf = (options: ClockOptions): (() => Date) => options.now ?? (() => new Date());

/**
 * The foundation of a service whose sources are in `sourceDir` (its `src`, `__dirname` of its
 * app.ts): its migrations are those in `db/migrations` there.
 */
export function buildServiceFoundation<TSchema extends Record<string, unknown>>(
  sourceDir: string,
  options: Omit<FoundationOptions<TSchema>, 'migrationsFolder'>,
): Promise<Foundation<TSchema>> {
  return buildFoundation({
    ...options,
    migrationsFolder: path.join(sourceDir, 'db', 'migrations'),
  });
}

/** A close that closes these parts one after the other, in the order given (the foundation last). */
export const closeInTurn =
  (...parts: { close: () => Promise<void> | void }[]) =>
  async (): Promise<void> => {
    for (const part of parts) await part.close();
  };
