/**
 * Two copies of auth and two of content behind the real gateway, run the way `npm start` runs
 * the platform (its runner, its own Redis, nginx with one upstream server per copy), on one
 * PostgreSQL database as copies need. The copies share sessions (a token from one is honoured
 * by the other, a logout ends it on both), queues (a job queued by either is consumed once) and
 * rate limits (the gateway's per-address limit and auth's per-account waits count across both).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createQueues, type Queues } from '@teamapp/service-kit';
import {
  createTestDatabase,
  drained,
  eventually,
  type TestDatabase,
} from '@teamapp/service-kit/testing';
import pg from 'pg';
import { replicaPort, REPLICA_PORT_STRIDE } from '@teamapp/platform/gateway';
import { postJsonFrom } from '@teamapp/platform/http';
import { startPlatform, type Platform } from '@teamapp/platform/platform';
import { findFreePortBlock } from '@teamapp/platform/ports';
import { loadRegistry, SERVICE_OFFSETS, type Registry } from '@teamapp/platform/registry';

jest.setTimeout(120_000);

const PG_URL =
  process.env.TEST_PG_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'admin@replicas.test', password: 'Replica!Admin1' };
const COPIES = { auth: 2, content: 2 };

/** platform.json with only auth and content built: the others answer the gateway's 503. */
function authAndContent(): Registry {
  const registry = loadRegistry();
  return {
    ...registry,
    services: registry.services.map((s) =>
      s.name in COPIES ? s : { ...s, planned: true, folder: undefined, entry: undefined },
    ),
  };
}

let database: TestDatabase;
let platform: Platform;
let dataDir: string;
let base: number;
let offsets: Record<string, number>;

beforeAll(async () => {
  database = await createTestDatabase(PG_URL).catch((err: unknown) => {
    throw new Error(
      `copies of a service share one PostgreSQL server; none answers at ${PG_URL} (set TEST_PG_URL): ${String(err)}`,
    );
  });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'teamapp-replicas-'));
  // The gateway's block and, a stride above it, the second copies' ports.
  base = await findFreePortBlock(26_500, REPLICA_PORT_STRIDE + SERVICE_OFFSETS.max);
  const registry = authAndContent();
  offsets = Object.fromEntries(registry.services.map((s) => [s.name, s.portOffset]));
  platform = await startPlatform({
    port: base,
    dataDir,
    registry,
    databaseUrl: database.url,
    replicas: COPIES,
    env: {
      NODE_ENV: 'development',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
    },
  });
}, 300_000);

afterAll(async () => {
  await opened?.close();
  await platform?.stop();
  await database?.drop();
  if (dataDir && !process.env.KEEP) rmSync(dataDir, { recursive: true, force: true });
});

/** The direct address of copy `index` (0 or 1) of a service, bypassing the gateway. */
const copy = (service: 'auth' | 'content', index: number) =>
  `http://127.0.0.1:${replicaPort(base, offsets[service]!, index)}`;
const gateway = () => `http://127.0.0.1:${base}`;
const logName = (service: string, index: number) => (index === 0 ? service : `${service}-2`);

interface LogLine {
  msg?: string;
  requestId?: string;
  path?: string;
  jobId?: string;
}

/** The JSON lines a copy has logged so far. */
function logOf(service: string, index: number): LogLine[] {
  const text = readFileSync(path.join(platform.logDir, `${logName(service, index)}.log`), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** Jobs waiting in a service's outbox (copies share one database). */
async function outboxRows(service: 'auth' | 'content'): Promise<number> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from ${service}.outbox`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

let opened: Queues | undefined;
/** The platform's queues, as its services open them (the default prefix). */
const platformQueues = () =>
  (opened ??= createQueues({
    redisUrl: platform.redisUrl,
    prefix: process.env.REDIS_PREFIX ?? 'teamapp:',
  }));

/** Log files are read again every 200 ms for up to 20 s. */
const LOGS = { timeoutMs: 20_000, intervalMs: 200 };

async function call(url: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: (text.startsWith('{') ? JSON.parse(text) : text) as Record<string, unknown>,
  };
}

const loginAt = async (origin: string, email: string, password: string) => {
  const res = await call(`${origin}/api/auth/login`, { body: { email, password } });
  if (res.status !== 200) throw new Error(`login at ${origin}: ${res.status}`);
  return res.body.token as string;
};

let players = 0;
/** A new player, created by the admin through the given origin. */
async function newPlayer(origin: string, adminToken: string) {
  players += 1;
  const email = `player${players}-${Date.now()}@replicas.test`;
  const password = `Player!Pass${players}x`;
  const res = await call(`${origin}/api/user`, {
    token: adminToken,
    body: { name: `Player ${players}`, email, password, role: 'player' },
  });
  expect(res.status).toBe(201);
  return { email, password };
}

describe('sessions', () => {
  it('when someone signs in on one copy, then the other copies honour the token, and a logout on one ends it on every copy', async () => {
    const admin = await loginAt(copy('auth', 0), ADMIN.email, ADMIN.password);
    // Created on the second copy with a token the first one issued.
    const player = await newPlayer(copy('auth', 1), admin);
    const token = await loginAt(copy('auth', 1), player.email, player.password);

    for (const service of ['auth', 'content'] as const) {
      for (const index of [0, 1]) {
        const path = service === 'auth' ? '/api/user/team' : '/api/notifications';
        expect({
          service,
          index,
          status: (await call(`${copy(service, index)}${path}`, { token })).status,
        }).toEqual({
          service,
          index,
          status: 200,
        });
      }
    }

    const out = await call(`${copy('auth', 0)}/api/auth/logout`, { token, body: {} });
    expect(out.status).toBe(200);
    for (const service of ['auth', 'content'] as const) {
      for (const index of [0, 1]) {
        const path = service === 'auth' ? '/api/user/team' : '/api/notifications';
        expect({
          service,
          index,
          status: (await call(`${copy(service, index)}${path}`, { token })).status,
        }).toEqual({
          service,
          index,
          status: 401,
        });
      }
    }
  });

  it('when calls go through the gateway, then both copies of each service serve them with one session', async () => {
    const admin = await loginAt(copy('auth', 0), ADMIN.email, ADMIN.password);
    const player = await newPlayer(copy('auth', 0), admin);
    const token = await loginAt(gateway(), player.email, player.password);

    const ids: Record<'auth' | 'content', string[]> = { auth: [], content: [] };
    for (let i = 0; i < 6; i++) {
      const team = await call(`${gateway()}/api/user/team`, { token });
      const notes = await call(`${gateway()}/api/notifications`, { token });
      expect([team.status, notes.status]).toEqual([200, 200]);
      ids.auth.push(team.headers.get('x-request-id') ?? '');
      ids.content.push(notes.headers.get('x-request-id') ?? '');
    }

    for (const service of ['auth', 'content'] as const) {
      const served = await eventually(() => {
        const perCopy = [0, 1].map(
          (index) =>
            new Set(
              logOf(service, index)
                .filter((l) => l.msg === 'request done' && ids[service].includes(l.requestId ?? ''))
                .map((l) => l.requestId),
            ).size,
        );
        return perCopy[0]! + perCopy[1]! === ids[service].length && perCopy;
      }, LOGS);
      // nginx takes turns: each copy served some of the calls, and none was served twice.
      expect({ service, both: served.every((n) => n > 0) }).toEqual({ service, both: true });
    }
  });
});

describe('queues', () => {
  it('when a change on auth queues a notification, then it is delivered once though two auth copies relay and two content copies consume', async () => {
    const admin = await loginAt(copy('auth', 0), ADMIN.email, ADMIN.password);
    const player = await newPlayer(copy('auth', 1), admin);
    const token = await loginAt(gateway(), player.email, player.password);

    const changed = await call(`${gateway()}/api/user/change-password`, {
      method: 'PUT',
      token,
      body: { currentPassword: player.password, newPassword: 'Changed!Pass99' },
    });
    expect(changed.status).toBe(200);

    const titles = async () =>
      ((await call(`${gateway()}/api/notifications`, { token })).body.data as { title: string }[])
        .map((n) => n.title)
        .filter((t) => t === 'Your password was changed');
    await eventually(async () => (await titles()).length > 0, LOGS);
    // Drained: auth's outbox is empty (both relays are done with it) and no notification job is
    // left to run (both consumers are done), so a repeat would have happened by now.
    await eventually(async () => (await outboxRows('auth')) === 0, LOGS);
    const notifications = platformQueues().queue('notifications');
    await drained(notifications, LOGS);

    expect(await titles()).toEqual(['Your password was changed']);
    // Each job a copy ran has reached its log (copies log through a pipe, a little behind).
    const completed = (await notifications.getJobs(['completed'])).map((j) => j.id);
    const consumed = await eventually(() => {
      const ids = [0, 1].flatMap((index) =>
        logOf('content', index)
          .filter((l) => l.msg === 'notifications stored')
          .map((l) => l.jobId),
      );
      return completed.every((id) => ids.includes(id)) && ids;
    }, LOGS);
    expect(consumed.length).toBeGreaterThan(0);
    expect(new Set(consumed).size).toBe(consumed.length);
  });
});

describe('rate limits', () => {
  it('when an account fails on both copies in turn, then the wait counts every failure and both copies refuse it', async () => {
    const email = `target-${Date.now()}@replicas.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (
          await call(`${copy('auth', i % 2)}/api/auth/login`, {
            body: { email, password: 'guess' },
          })
        ).status,
      );
    }
    const refused = await Promise.all(
      [0, 1].map((index) =>
        call(`${copy('auth', index)}/api/auth/login`, { body: { email, password: 'guess' } }),
      ),
    );

    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(refused.map((r) => r.status)).toEqual([429, 429]);
    expect(refused[0]!.headers.get('retry-after')).toMatch(/^[12]$/);
    expect(refused[0]!.body).toMatchObject({
      error: 'Too many requests. Please wait a moment and try again.',
    });
  });

  it('when one address signs in through the gateway too often, then the limit counts the calls both copies served', async () => {
    const doneBefore = [0, 1].map(
      (index) =>
        logOf('auth', index).filter((l) => l.msg === 'request done' && l.path === '/api/auth/login')
          .length,
    );
    const statuses: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 30 && !statuses.includes(429); i++) {
      // A different account each time: only the per-address limit applies.
      const res = await postJsonFrom('127.0.0.7', `${gateway()}/api/auth/login`, {
        email: `someone${i}-${Date.now()}@replicas.test`,
        password: 'guess',
      });
      statuses.push(res.status);
    }

    // npm start's limit: 10 a minute with a burst of 10, for the platform as a whole: the burst,
    // plus one more for each 6 s the calls took (slow on a busy machine), plus one for rounding.
    const refilled = Math.ceil((Date.now() - started) / 6000);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(10);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(11 + refilled);
    expect(statuses.at(-1)).toBe(429);
    const servedBy = await eventually(() => {
      const done = [0, 1].map(
        (index) =>
          logOf('auth', index).filter(
            (l) => l.msg === 'request done' && l.path === '/api/auth/login',
          ).length - doneBefore[index]!,
      );
      return done[0]! + done[1]! >= statuses.length - 1 && done;
    }, LOGS);
    expect(servedBy.every((n) => n > 0)).toBe(true);
  });
});
