/**
 * Benchmark (issue 7 "Scale and speed"): GET /api/events with 500 events and 30 players' answers.
 *
 * 1. Queries: the events service's own code runs in this process on the benchmark's database;
 *    the SQL statements one GET /api/events sends are counted (PGlite's `query` is wrapped, and
 *    only calls made while that request is handled count) with 50 events and with 500 events.
 *    The counts must be equal: the list costs a fixed number of queries, not one per event.
 * 2. Throughput: the platform runs as `npm start` runs it (Redis, the services, nginx), the events
 *    service as its own process on the seeded database. Beside it, behind the same nginx (an
 *    upstream of its own, like any service's), a bare Koa handler answers with the very bytes the
 *    service sent for the same request. autocannon loads both through nginx with the same number
 *    of connections for the same time; the ratio events/bare shows what the service costs over
 *    the cheapest possible Node handler (aim: at least 0.5), and p99 what a user waits (aim:
 *    at most 50 ms). It loads twice: plain JSON, and gzip as a browser asks (the service keeps
 *    each list compressed once per change); the bare handler answers the same bytes each time.
 *
 * Run: npm run bench:events   (BENCH_PORT, BENCH_SECONDS, BENCH_CONNECTIONS to change the defaults)
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import Koa from 'koa';
import type { EventType, RsvpStatus } from '@teamapp/contracts';
import { createEventsService } from '../../services/events/src/app';
import { loadEventsConfig } from '../../services/events/src/config';
import { eventsRepos } from '../../services/events/src/db/repos';
import { ROOT } from '../lib/gateway';
import { startPlatform } from '../lib/platform';
import { loadRegistry, type Registry } from '../lib/registry';

const PORT = Number(process.env.BENCH_PORT ?? 38300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = 3;
const EVENTS = 500;
const FIRST_EVENTS = 50;
const PLAYERS = 30;
const TIME_ZONE = 'America/Chicago';
const ADMIN = { email: 'bench-admin@bench.test', password: 'Bench!Admin1' };
/** Where the bare handler sits: a service slot of the registry that nothing else uses. */
const BARE = { name: 'bench-bare', portOffset: 7, prefix: 'bench-bare' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// --- Counting the SQL statements one request sends --------------------------------------------

const requestScope = new AsyncLocalStorage<{ queries: number }>();
const pgliteQuery = PGlite.prototype.query;
PGlite.prototype.query = function countedQuery(this: PGlite, ...args) {
  const scope = requestScope.getStore();
  if (scope) scope.queries += 1;
  return pgliteQuery.apply(this, args) as ReturnType<typeof pgliteQuery>;
} as typeof pgliteQuery;

/** Serves a Koa app on a free port, each request in a scope that counts its queries. */
async function countingServer(app: Koa) {
  const handle = app.callback();
  const scopes: { queries: number }[] = [];
  const server = http.createServer((req, res) => {
    const scope = { queries: 0 };
    scopes.push(scope);
    requestScope.run(scope, () => void handle(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The queries of one GET /api/events, and how many events it listed. */
    async countList(token: string) {
      const res = await fetch(`http://127.0.0.1:${port}/api/events`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { events?: unknown[] };
      if (res.status !== 200) throw new Error(`GET /api/events answered ${res.status}`);
      return { queries: scopes.at(-1)!.queries, events: body.events?.length ?? 0 };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// --- Seeding through the service's repos ------------------------------------------------------

const TYPES: EventType[] = ['training', 'training', 'game', 'meeting', 'social'];
const DAY = 86_400_000;

/** Events every 36 hours around now: about 40 % past, the rest upcoming, at 19:00 UTC-ish. */
function eventRows(from: number, to: number, adminId: string) {
  const start = Date.now() - 0.4 * EVENTS * 1.5 * DAY;
  return Array.from({ length: to - from }, (_, k) => {
    const i = from + k;
    return {
      title: `${TYPES[i % TYPES.length]![0]!.toUpperCase()}${TYPES[i % TYPES.length]!.slice(1)} ${i + 1}`,
      description: i % 3 === 0 ? 'Bring both kits and water.' : '',
      eventDate: new Date(start + i * 1.5 * DAY),
      location: i % 2 ? 'Main Field' : 'Club House',
      type: TYPES[i % TYPES.length]!,
      isRequired: i % 4 === 0,
      createdBy: adminId,
    };
  });
}

/** Six in ten attending, two maybe, one not attending, one no answer (pending). */
const ANSWERS: (RsvpStatus | null)[] = [
  'attending',
  'attending',
  'maybe',
  'attending',
  'not-attending',
  'attending',
  null,
  'attending',
  'maybe',
  'attending',
];

// --- The load ---------------------------------------------------------------------------------

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    // A slow answer is a figure to report, not an error: wait for it.
    timeout: 120,
  });
  // Requests still queued in the server when the run stopped finish before the next run starts.
  await getRaw(url, headers);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The raw answer nginx gives, as sent (node:http decompresses nothing). */
function getRaw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; type: string; encoding: string; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              type: String(res.headers['content-type'] ?? ''),
              encoding: String(res.headers['content-encoding'] ?? ''),
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on('error', reject);
    },
  );
}

/** The median time of one request at a time (ms): what a single user waits on an idle server. */
async function sequential(url: string, headers: Record<string, string>, runs = 15) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await getRaw(url, headers);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function waitReady(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(1000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(150);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'teamapp-bench-events-'));
  const env = {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    CLUB_TIME_ZONE: TIME_ZONE,
  };
  // The events service is started by this script (after seeding its database), and the bare
  // handler takes a free service slot: both are routed by nginx like any service.
  const full = loadRegistry();
  const registry: Registry = {
    ...full,
    services: [
      ...full.services.map((s) =>
        s.name === 'events'
          ? { name: s.name, planned: true, portOffset: s.portOffset, apiPrefixes: s.apiPrefixes }
          : s,
      ),
      { name: BARE.name, planned: true, portOffset: BARE.portOffset, apiPrefixes: [BARE.prefix] },
    ],
  };
  const eventsEntry = full.services.find((s) => s.name === 'events');
  if (!eventsEntry?.folder || !eventsEntry.entry)
    throw new Error('platform.json has no events service');

  process.stderr.write('starting Redis, auth, content, mailer and nginx...\n');
  const platform = await startPlatform({ port: PORT, dataDir, env, registry });
  const stops: (() => Promise<void>)[] = [];
  try {
    const gateway = `http://127.0.0.1:${PORT}`;
    const login = await fetch(`${gateway}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`admin login answered ${login.status}`);
    const { token, user } = (await login.json()) as { token: string; user: { id: string } };
    const authHeader = { Authorization: `Bearer ${token}` };
    const serviceEnv = {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      REDIS_URL: platform.redisUrl,
      DATABASE_URL: '',
      PUBLIC_URL: `http://localhost:${PORT}`,
      DEV_MAIL_SMTP_PORT: String(PORT + 25),
      SERVICE_PORT: String(PORT + eventsEntry.portOffset),
    };

    // 1. Seed through the service's repos and count one list's queries at 50 and 500 events.
    process.stderr.write(`seeding ${EVENTS} events and ${PLAYERS} players' answers...\n`);
    const service = await createEventsService(loadEventsConfig(serviceEnv));
    const repos = eventsRepos(service.base.db);
    const players = Array.from({ length: PLAYERS }, (_, i) => ({
      userId: randomUUID(),
      name: `Player ${String(i + 1).padStart(2, '0')}`,
    }));
    for (const [i, p] of players.entries()) {
      await service.deps.members.memberChanged({
        userId: p.userId,
        kind: 'joined',
        member: {
          name: p.name,
          email: `player${i + 1}@bench.test`,
          role: 'player',
          profilePicture: null,
        },
      });
    }
    await service.deps.members.memberChanged({
      userId: user.id,
      kind: 'joined',
      member: { name: 'Bench Admin', email: ADMIN.email, role: 'admin', profilePicture: null },
    });
    const seed = async (from: number, to: number) => {
      const rows = await repos.events.insertMany(eventRows(from, to, user.id));
      for (const [k, event] of rows.entries()) {
        for (const [j, p] of players.entries()) {
          const status = ANSWERS[(from + k + 3 * j) % ANSWERS.length];
          if (status) await repos.rsvps.answer(event.id, p.userId, status);
        }
      }
    };
    const counting = await countingServer(service.app);
    await seed(0, FIRST_EVENTS);
    await service.deps.listCache.bump();
    const small = await counting.countList(token);
    await seed(FIRST_EVENTS, EVENTS);
    // The seed writes through the repos, not through a request, so it tells the list cache
    // itself, as a write request would: the next read computes the list again.
    await service.deps.listCache.bump();
    const large = await counting.countList(token);
    await counting.close();
    await service.close();

    // 2. The events service as its own process, on the seeded database, behind nginx.
    const log = createWriteStream(path.join(platform.logDir, 'events.log'), { flags: 'a' });
    const events = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(eventsEntry.folder, eventsEntry.entry)],
      { cwd: ROOT, env: serviceEnv, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    events.stdout.pipe(log);
    events.stderr.pipe(log);
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          if (events.exitCode !== null) return resolve();
          events.once('exit', () => resolve());
          events.kill('SIGTERM');
        }),
    );
    await waitReady(`http://127.0.0.1:${PORT + eventsEntry.portOffset}/ready`);

    const eventsUrl = `${gateway}/api/events`;
    const real = await getRaw(eventsUrl, authHeader);
    if (real.status !== 200)
      throw new Error(`GET /api/events through nginx answered ${real.status}`);
    const listed = (JSON.parse(real.body.toString('utf8')) as { events: unknown[] }).events.length;

    // A browser asks for gzip: the service keeps each list compressed once per change.
    const gzipHeader = { ...authHeader, 'Accept-Encoding': 'gzip' };
    const zipped = await getRaw(eventsUrl, gzipHeader);
    if (zipped.encoding !== 'gzip') throw new Error('GET /api/events did not answer gzip');

    // The bare handler: the same bytes and content type, no middleware, no database.
    const bare = new Koa();
    bare.use((ctx) => {
      const gz = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
      if (gz) ctx.set('Content-Encoding', 'gzip');
      ctx.body = gz ? zipped.body : real.body;
      ctx.type = real.type;
    });
    const bareServer = bare.listen(PORT + BARE.portOffset, '127.0.0.1');
    stops.push(() => new Promise<void>((resolve) => bareServer.close(() => resolve())));
    const bareUrl = `${gateway}/api/${BARE.prefix}/events`;
    const bareCheck = await getRaw(bareUrl, authHeader);
    const bareZipped = await getRaw(bareUrl, gzipHeader);
    if (
      bareCheck.status !== 200 ||
      !bareCheck.body.equals(real.body) ||
      !bareZipped.body.equals(zipped.body)
    )
      throw new Error('the bare handler does not answer the same bytes through nginx');

    process.stderr.write(
      `loading each for ${SECONDS}s at ${CONNECTIONS} connections (after ${WARMUP_SECONDS}s of warm-up)...\n`,
    );
    const single = {
      service: await sequential(eventsUrl, authHeader),
      bare: await sequential(bareUrl, authHeader),
    };
    await load(eventsUrl, authHeader, WARMUP_SECONDS);
    const service500 = await load(eventsUrl, authHeader, SECONDS);
    await load(bareUrl, authHeader, WARMUP_SECONDS);
    const baseline = await load(bareUrl, authHeader, SECONDS);
    await load(eventsUrl, gzipHeader, WARMUP_SECONDS);
    const serviceGz = await load(eventsUrl, gzipHeader, SECONDS);
    await load(bareUrl, gzipHeader, WARMUP_SECONDS);
    const baselineGz = await load(bareUrl, gzipHeader, SECONDS);

    const ratio = service500.requestsPerSecond / baseline.requestsPerSecond;
    const ratioGz = serviceGz.requestsPerSecond / baselineGz.requestsPerSecond;
    const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');
    const line = (name: string, r: Load) =>
      `${name}: ${r.requestsPerSecond.toFixed(1)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (${r.requests} requests, ${r.non2xx} non-2xx, ${r.errors} errors)`;
    const sameQueries = small.queries === large.queries;
    process.stdout.write(
      [
        `GET /api/events as an admin: ${listed} events, ${PLAYERS} players' answers, ${(real.body.length / 1024).toFixed(0)} KiB of JSON`,
        `SQL queries per GET /api/events: ${small.queries} with ${small.events} events, ${large.queries} with ${large.events} events -> ${sameQueries ? 'equal (no N+1)' : 'NOT EQUAL (N+1)'}`,
        `one request at a time, median: events service ${single.service.toFixed(1)} ms, bare Koa ${single.bare.toFixed(1)} ms`,
        `load through nginx: ${CONNECTIONS} connections, ${SECONDS}s each`,
        `plain JSON (${(real.body.length / 1024).toFixed(0)} KiB a response):`,
        `  ${line('events service', service500)}`,
        `  ${line('bare Koa, same bytes', baseline)}`,
        `  ratio events/bare: ${ratio.toFixed(2)} (aim >= 0.5: ${mark(ratio >= 0.5)})`,
        `gzip, as a browser asks (${(zipped.body.length / 1024).toFixed(0)} KiB a response):`,
        `  ${line('events service', serviceGz)}`,
        `  ${line('bare Koa, same bytes', baselineGz)}`,
        `  ratio events/bare: ${ratioGz.toFixed(2)} (aim >= 0.5: ${mark(ratioGz >= 0.5)})`,
        `events service p99 with gzip: ${serviceGz.p99} ms (aim <= 50 ms: ${mark(serviceGz.p99 <= 50)})`,
        '',
      ].join('\n'),
    );
    if (!sameQueries) process.exitCode = 1;
  } finally {
    for (const stop of stops.reverse()) await stop();
    await platform.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
