/**
 * Test support shared by every service: a throwaway database per test file (PGlite in memory by
 * default, a fresh database on the PostgreSQL server named by DATABASE_URL when that is set), the
 * environment a service runs with under test, and tokens backed by live sessions, minted exactly
 * as the auth service issues them.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JobType, Queue } from 'bullmq';
import type Koa from 'koa';
import type { JobPayloads, MemberEvent, QueueName, Role } from '@teamapp/contracts';
import pg from 'pg';
import { routersOf } from './app';
import { signToken } from './auth';
import type { OutboxRelay } from './outbox';
import { openApiPath, registeredRoutes, routeAccess, type OpenApiDocument } from './openapi';
import { createQueues, type Queues, type RetryPolicy } from './queues';
import { payloadOf } from './request-context';
import { createRedis } from './redis';
import { SessionStore } from './sessions';

export interface TestDatabase {
  /** PostgreSQL URL to pass to the service, or undefined for PGlite in memory. */
  url: string | undefined;
  dataDir: string;
  drop: () => Promise<void>;
}

export async function createTestDatabase(
  serverUrl = process.env.DATABASE_URL,
): Promise<TestDatabase> {
  if (!serverUrl) return { url: undefined, dataDir: 'memory://', drop: async () => {} };
  return { ...(await createDatabaseOn(serverUrl, 'teamapp_test_')), dataDir: 'memory://' };
}

/**
 * A new, empty database on this PostgreSQL server, named `prefix` and random hex (tests' and
 * benchmarks' own), with its URL and how to drop it.
 */
export async function createDatabaseOn(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A Redis key prefix unique to one test file, so parallel files never see each other's keys. */
export function testRedisPrefix(): string {
  return `teamapp-test:${randomBytes(4).toString('hex')}:`;
}

let cachedKeys: { privateKey: string; publicKey: string } | undefined;

/** One RS256 key pair per test process, passed to services as JWT_PRIVATE_KEY / JWT_PUBLIC_KEY. */
export function testKeyPair(): { privateKey: string; publicKey: string } {
  cachedKeys ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return cachedKeys;
}

/** A value that passes an `if`: what `eventually` hands back. */
export type Truthy<T> = Exclude<T, false | 0 | 0n | '' | null | undefined>;

export interface EventuallyOptions {
  /** How long to keep trying (default 10 s). */
  timeoutMs?: number;
  /** The pause between tries (default 50 ms; a check that calls a platform can ask for more). */
  intervalMs?: number;
  /** What is awaited, for the error when it never comes. */
  what?: string;
}

/**
 * Polls until check() yields a truthy value and returns it (queue consumers and mail run
 * asynchronously); throws when the time is up. The one polling loop of every test and script:
 * pass a number for the timeout alone.
 */
export async function eventually<T>(
  check: () => Promise<T> | T,
  options: number | EventuallyOptions = {},
): Promise<Truthy<T>> {
  const {
    timeoutMs = 10_000,
    intervalMs = 50,
    what,
  } = typeof options === 'number' ? { timeoutMs: options } : options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline)
      throw new Error(what ? `timed out waiting for ${what}` : 'condition not met in time');
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * A service's clock a test can move (`advance`) and hold still (`freeze` until `unfreeze`): a
 * delay computed from it does not shrink while a slow machine handles the request.
 */
export interface TestClock {
  now: () => Date;
  /** Moves the clock by ms (a negative ms moves it back). */
  advance: (ms: number) => void;
  /** Stops the clock where it is (advance still moves it) until `unfreeze()`. */
  freeze: () => void;
  unfreeze: () => void;
}

export function testClock(): TestClock {
  let offset = 0;
  let frozenAt: number | undefined;
  return {
    now: () => new Date((frozenAt ?? Date.now()) + offset),
    advance: (ms) => {
      offset += ms;
    },
    freeze: () => {
      frozenAt = Date.now();
    },
    unfreeze: () => {
      frozenAt = undefined;
    },
  };
}

/** The job states of a queue that still have work to do. */
const UNFINISHED: JobType[] = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'];

/**
 * Waits until a queue holds no job still to run (none waiting, running or waiting for a retry):
 * every job added so far has completed or failed for good. What a test awaits before it asserts
 * that something did not happen: a duplicate would have run by then.
 */
export async function drained(
  queue: Pick<Queue, 'name' | 'getJobCounts'>,
  options: number | EventuallyOptions = {},
): Promise<void> {
  await eventually(
    async () => {
      const counts = await queue.getJobCounts(...UNFINISHED);
      return Object.values(counts).every((n) => n === 0);
    },
    {
      what: `queue ${queue.name} to drain`,
      ...(typeof options === 'number' ? { timeoutMs: options } : options),
    },
  );
}

export const testRedisUrl = () => process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The environment a service runs with in tests: quiet, on port 0, on the test database, on its
 * own Redis prefix, verifying tokens with the test key pair, retrying jobs quickly. A service adds
 * its own keys (or overrides these) with `extra`.
 */
export function serviceTestEnv(
  database: TestDatabase,
  extra: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVICE_PORT: '0',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: testRedisPrefix(),
    JWT_PUBLIC_KEY: testKeyPair().publicKey,
    JOB_ATTEMPTS: '3',
    JOB_BACKOFF_MS: '50',
    OUTBOX_INTERVAL_MS: '100',
    ...extra,
  };
}

export interface MintedUser {
  userId: string;
  token: string;
  sid: string;
}

export interface TokenMinter {
  /** A live token (and its session) for a new user id of that role, or for the given id. */
  userFor: (
    role: Role,
    options?: { userId?: string; mustChangePassword?: boolean },
  ) => Promise<MintedUser>;
  close: () => void;
}

/** Mints tokens for services that trust auth's tokens (every service but auth itself). */
export function createTokenMinter(options: { redisUrl?: string; prefix: string }): TokenMinter {
  const redis = createRedis(options.redisUrl ?? testRedisUrl());
  const sessions = new SessionStore(redis, options.prefix);
  return {
    userFor: async (role, { userId = randomUUID(), mustChangePassword = false } = {}) => {
      const sid = await sessions.create(userId, 600, { mustChangePassword });
      const token = signToken({ sub: userId, role, sid }, testKeyPair().privateKey, 600);
      return { userId, token, sid };
    },
    close: () => redis.disconnect(),
  };
}

/**
 * The OpenAPI coverage check: every method and path the app's routers register, against what
 * its GET /openapi.json describes. Returns the routes missing from the description (`GET
 * /api/events/{id}`), the routes that declare no callers (`GET /api/x: why`, see `access` in
 * openapi.ts) and the parsed description.
 */
export async function undescribedRoutes(app: Koa): Promise<{
  missing: string[];
  undeclared: string[];
  described: string[];
  document: OpenApiDocument;
}> {
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/openapi.json`);
    if (!res.ok) throw new Error(`GET /openapi.json answered ${res.status}`);
    const document = (await res.json()) as OpenApiDocument;
    const described = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = registeredRoutes(routersOf(app)).map(
      (r) => `${r.method.toUpperCase()} ${openApiPath(r.path)}`,
    );
    return {
      missing: [...new Set(registered)].filter((route) => !described.includes(route)),
      undeclared: routeAccess(routersOf(app))
        .filter((r) => !r.access)
        .map((r) => `${r.method.toUpperCase()} ${openApiPath(r.path)}: ${r.problem}`),
      described,
      document,
    };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** What a harness needs of a service: its Koa app and its close (and its foundation, if any). */
export interface HarnessedService {
  app: Koa;
  close: () => Promise<void>;
  base?: object;
}

/** Sends what a service's outbox holds now, when it has one (a foundation's relay). */
async function flushOutbox(base: object | undefined): Promise<void> {
  if (base && 'relay' in base) await (base.relay as Pick<OutboxRelay, 'flush'>).flush();
}

export interface ServiceHarness<TService extends HarnessedService> {
  service: TService;
  /** The app's request handler, for supertest. */
  server: ReturnType<Koa['callback']>;
  database: TestDatabase;
  redisUrl: string;
  /** This harness's Redis key prefix (its sessions, queues and caches). */
  prefix: string;
  /** Producer side of the queues, on this harness's Redis prefix. */
  queues: Queues;
  /** A live token (and its session) for a new user id of that role, or for the given id. */
  userFor: TokenMinter['userFor'];
  /** A live token for a new user of that role. */
  tokenFor: (role: Role) => Promise<string>;
  /** Jobs published to a queue (through the service's outbox, flushed first) so far. */
  published: <Q extends QueueName>(queue: Q) => Promise<JobPayloads[Q][]>;
  /**
   * Something more to undo on close: run after the service has closed and before the database
   * is dropped, the last registered first.
   */
  defer: (cleanup: () => Promise<void> | void) => void;
  close: () => Promise<void>;
}

/**
 * One service in-process as every service's tests run it: a throwaway database (or the one
 * given, which it leaves in place), its own Redis prefix (or the one given), the environment of
 * serviceTestEnv plus `env`, a token minter and producer queues on that prefix. Close undoes it
 * all in order: queues, minter, service, whatever was deferred, database.
 */
export async function startServiceHarness<TConfig, TService extends HarnessedService>(options: {
  loadConfig: (env: Record<string, string | undefined>) => TConfig;
  create: (config: TConfig) => Promise<TService>;
  env?: Record<string, string | undefined>;
  database?: TestDatabase;
  redisUrl?: string;
  prefix?: string;
  /** The retry policy of jobs the harness's queues add (queues' default when absent). */
  retry?: RetryPolicy;
}): Promise<ServiceHarness<TService>> {
  const database = options.database ?? (await createTestDatabase());
  const ownsDatabase = !options.database;
  const prefix = options.prefix ?? testRedisPrefix();
  const redisUrl = options.redisUrl ?? testRedisUrl();
  let service: TService;
  try {
    service = await options.create(
      options.loadConfig(
        serviceTestEnv(database, { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, ...options.env }),
      ),
    );
  } catch (err) {
    if (ownsDatabase) await database.drop();
    throw err;
  }
  const minter = createTokenMinter({ redisUrl, prefix });
  const queues = createQueues({ redisUrl, prefix, retry: options.retry });
  const deferred: (() => Promise<void> | void)[] = [];
  return {
    service,
    server: service.app.callback(),
    database,
    redisUrl,
    prefix,
    queues,
    userFor: minter.userFor,
    tokenFor: async (role) => (await minter.userFor(role)).token,
    async published(queue) {
      await flushOutbox(service.base);
      const jobs = await queues
        .queue(queue)
        .getJobs(['waiting', 'delayed', 'completed', 'active', 'failed']);
      return jobs.map((j) => payloadOf(j.data));
    },
    defer: (cleanup) => {
      deferred.unshift(cleanup);
    },
    close: async () => {
      await queues.close();
      minter.close();
      await service.close();
      for (const cleanup of deferred) await cleanup();
      if (ownsDatabase) await database.drop();
    },
  };
}

/** A member a service knows (as after auth's `joined` event), with a live token. */
export interface TestMember extends MintedUser {
  name: string;
  email: string;
}

/**
 * Makes members as auth announces them: a live token for a new user, then the `joined` change
 * handed to the service's own member use case (as its members consumer does). Names default to
 * "Coach n" / "Player n".
 */
export function memberFactory(
  userFor: TokenMinter['userFor'],
  memberChanged: (event: MemberEvent) => Promise<unknown>,
): (role: Role, name?: string) => Promise<TestMember> {
  let counter = 0;
  return async (role, name) => {
    counter += 1;
    const user = await userFor(role);
    const member = {
      ...user,
      name: name ?? `${role === 'admin' ? 'Coach' : 'Player'} ${counter}`,
      email: `${role}${counter}-${randomUUID().slice(0, 8)}@club.test`,
    };
    await memberChanged({
      userId: user.userId,
      kind: 'joined',
      member: { name: member.name, email: member.email, role, profilePicture: null },
    });
    return member;
  };
}
