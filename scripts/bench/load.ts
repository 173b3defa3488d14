/**
 * Benchmark: 200 members using the platform at once for 60 s, through the
 * gateway, with the platform run as `npm start` runs it (compiled services, nginx, its own
 * Redis, PGlite per service unless BENCH_DATABASE_URL names a PostgreSQL server).
 *
 * An admin makes a group room, the members (POST /api/user), a season of events and some news.
 * Then every virtual member, each from a loopback address of its own (as members sign in from
 * their own phones; the gateway limits sign-ins per address), starts within the first seconds
 * and: signs in once, opens the live chat socket (ticket, then WebSocket), and until the time is
 * up loops over reading the schedule, answering an RSVP, reading the chat rooms and the room's
 * history, sending a chat message, reading the news and the notifications, with a think time
 * between requests (uniform from half to one and a half times THINK_MS).
 *
 * Printed: per route the requests, errors (an answer other than the expected status, a network
 * error or no answer in 65 s), p50, p99 and max; the requests per second achieved; every chat
 * message sent is in the room's history exactly once and reached every member's socket that was
 * open when it was sent exactly once (and the time from the POST to its arrival). Exits 1 on any
 * error, a missing or repeated message, or a socket that closed under load.
 *
 * Run: npm run bench:load   (USERS, DURATION seconds, THINK_MS, BENCH_PORT, BENCH_DATABASE_URL: a PostgreSQL server)
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  authEndpoints,
  chatEndpoints,
  eventsEndpoints,
  newsEndpoints,
  notificationsEndpoints,
  type AnyEndpoint,
  type EndpointInput,
} from '@teamapp/contracts';
import { createTestDatabase } from '@teamapp/service-kit/testing';
import { buildStaleServices } from '@teamapp/platform/build-services';
import { requestEndpoint, routeOf, type TimedAnswer } from '@teamapp/platform/http';
import { openLiveClient, type LiveClient } from '@teamapp/platform/live-chat';
import { tailLog, type Platform } from '@teamapp/platform/platform';
import { findFreePortBlock } from '@teamapp/platform/ports';
import { loadRegistry } from '@teamapp/platform/registry';
import { quantile } from '@teamapp/platform/stats';
import {
  addEvents,
  addMembers,
  apiAt,
  openRoom,
  players,
  publishNews,
  roomHistory,
  roomsOf,
  signIn,
  until,
} from './seed';
import { startBenchPlatform } from './running';

const USERS = Number(process.env.USERS ?? 200);
const DURATION_MS = Number(process.env.DURATION ?? 60) * 1000;
const THINK_MS = Number(process.env.THINK_MS ?? 2000);
/** Members start within this long of the start (not all in the same millisecond). */
const RAMP_MS = Math.min(10_000, DURATION_MS / 6);
const PREFERRED_PORT = Number(process.env.BENCH_PORT ?? 24_600);
/** A PostgreSQL server: a throwaway database is made on it and dropped afterwards. */
const DATABASE_SERVER = process.env.BENCH_DATABASE_URL;
const ADMIN = { email: 'admin@load.test', password: 'Load!Admin2026', name: 'Lee Admin' };
const MEMBER_PASSWORD = 'Member!Load2026';
/**
 * How long a member waits for an answer: longer than the gateway's own limit (60 s, then its
 * JSON 504), so a slow service shows as the gateway's answer rather than as an impatient client.
 */
const REQUEST_TIMEOUT_MS = 65_000;
/** How long after the last send every socket has to receive every message. */
const SETTLE_MS = 15_000;

const think = () => sleep(THINK_MS * (0.5 + Math.random()));

// --- Per-route figures --------------------------------------------------------------------------

interface RouteFigures {
  times: number[];
  errors: number;
  /** A few errors as they came, for the report. */
  samples: string[];
}

const routes = new Map<string, RouteFigures>();
let windowStart = 0;
let windowEnd = Infinity;
let inWindow = 0;

function record(route: string, answer: TimedAnswer, expected: number): boolean {
  let figures = routes.get(route);
  if (!figures) routes.set(route, (figures = { times: [], errors: 0, samples: [] }));
  figures.times.push(answer.ms);
  const now = performance.now();
  if (now >= windowStart && now <= windowEnd) inWindow += 1;
  if (answer.status === expected) return true;
  figures.errors += 1;
  if (figures.samples.length < 3) {
    const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    figures.samples.push(`${answer.status} ${body.slice(0, 200)}`);
  }
  return false;
}

// --- Setting the club up --------------------------------------------------------------------------

interface Club {
  roomId: string;
  members: { email: string; name: string }[];
}

async function setUp(url: string): Promise<{ club: Club; adminToken: string }> {
  const { token, request: admin } = await signIn(url, ADMIN);

  // The room first: members who join later are put in every group room.
  const room = await openRoom(admin, { name: 'Club chat', type: 'group' });

  process.stderr.write(`creating ${USERS} members...\n`);
  const accounts = players(USERS, MEMBER_PASSWORD, {
    prefix: 'member',
    name: 'Member',
    domain: 'load.test',
  });
  await addMembers(admin, accounts, 8);

  // A season: two trainings a week and a game every Saturday, from tomorrow on.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await addEvents(
    admin,
    [
      {
        title: 'Training',
        eventDate: `${tomorrow}T18:30`,
        location: 'Club ground',
        type: 'training',
        recurrence: { weekdays: ['TU', 'TH'], count: 40 },
      },
      {
        title: 'League game',
        eventDate: `${tomorrow}T15:00`,
        location: 'Away ground',
        type: 'game',
        isRequired: true,
        recurrence: { weekdays: ['SA'], count: 20 },
      },
    ],
    1,
  );
  for (let i = 1; i <= 10; i++) {
    await publishNews(admin, {
      title: `Club news ${i}`,
      content: `What happened at the club this week (${i}).\n\nMore on the notice board.`,
      notify: i > 7,
    });
  }

  // Chat learns of the members from auth's member events: wait until the room has them all.
  await until(
    `the room's ${USERS + 1} members`,
    async () => (await roomsOf(admin)).find((r) => r.id === room.id)?.memberCount === USERS + 1,
    180_000,
  );
  return {
    club: { roomId: room.id, members: accounts.map(({ email, name }) => ({ email, name })) },
    adminToken: token,
  };
}

// --- A member --------------------------------------------------------------------------------------

interface Sent {
  clientId: string;
  /** performance.now() just before the POST. */
  at: number;
  acknowledged: boolean;
}

interface Member {
  socket: LiveClient | null;
  sent: Sent[];
}

/** The member's source address: 127.0.1.1, 127.0.1.2, ... (250 to a /24). */
const addressOf = (index: number) => `127.0.${1 + Math.floor(index / 250)}.${1 + (index % 250)}`;

async function member(url: string, club: Club, index: number, end: number): Promise<Member> {
  const me: Member = { socket: null, sent: [] };
  const localAddress = addressOf(index);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6, localAddress });
  const { email } = club.members[index]!;
  try {
    await sleep(Math.random() * RAMP_MS);
    const login = await requestEndpoint(
      url,
      authEndpoints.login,
      { body: { email, password: MEMBER_PASSWORD } },
      { agent, timeoutMs: REQUEST_TIMEOUT_MS },
    );
    if (!record(routeOf(authEndpoints.login), login, authEndpoints.login.status)) return me;
    const token = (login.body as { token: string }).token;
    /** One timed call as this member, recorded under its route. */
    const timed = async <E extends AnyEndpoint>(endpoint: E, input: Partial<EndpointInput<E>>) => {
      const answer = await requestEndpoint(url, endpoint, input, {
        token,
        agent,
        timeoutMs: REQUEST_TIMEOUT_MS,
      });
      return { answer, ok: record(routeOf(endpoint), answer, endpoint.status) };
    };

    const ticket = await timed(chatEndpoints.ticket, {});
    if (!ticket.ok) return me;
    const opened = performance.now();
    try {
      me.socket = await openLiveClient(
        `${url.replace(/^http/, 'ws')}/api/chat/live`,
        (ticket.answer.body as { data: { ticket: string } }).data.ticket,
        { localAddress, timeoutMs: 30_000 },
      );
      record(
        'WS /api/chat/live (to ready)',
        { status: 101, body: '', ms: me.socket.readyAt - opened },
        101,
      );
    } catch (err) {
      record(
        'WS /api/chat/live (to ready)',
        { status: 0, body: (err as Error).message, ms: performance.now() - opened },
        101,
      );
      return me;
    }

    let events: string[] = [];
    const steps: (() => Promise<unknown>)[] = [
      async () => {
        const { answer, ok } = await timed(eventsEndpoints.list, {});
        if (ok) {
          const now = Date.now();
          events = (answer.body as { events: { id: string; event_date: string }[] }).events
            .filter((e) => new Date(e.event_date).getTime() > now + 3_600_000)
            .map((e) => e.id);
        }
      },
      async () => {
        const id = events[Math.floor(Math.random() * events.length)];
        if (!id) return;
        const status = (['attending', 'maybe', 'not-attending'] as const)[
          Math.floor(Math.random() * 3)
        ]!;
        await timed(eventsEndpoints.rsvp, { params: { id }, body: { status } });
      },
      async () => {
        await timed(chatEndpoints.rooms, {});
        await timed(chatEndpoints.messages, { params: { id: club.roomId } });
      },
      async () => {
        const sent: Sent = { clientId: randomUUID(), at: performance.now(), acknowledged: false };
        me.sent.push(sent);
        const { ok } = await timed(chatEndpoints.send, {
          params: { id: club.roomId },
          body: {
            content: `Message from member ${index + 1} at ${new Date().toISOString()}`,
            clientId: sent.clientId,
          },
        });
        sent.acknowledged = ok;
      },
      async () => timed(newsEndpoints.list, {}),
      async () => timed(notificationsEndpoints.list, {}),
    ];
    for (let step = 0; performance.now() < end; step = (step + 1) % steps.length) {
      await steps[step]!();
      if (performance.now() >= end) break;
      await think();
    }
    return me;
  } finally {
    agent.destroy();
  }
}

// --- Checks ----------------------------------------------------------------------------------------

interface Delivery {
  sent: number;
  acknowledged: number;
  /** Acknowledged messages not in the history, and messages there more than once. */
  notStored: number;
  storedTwice: number;
  expected: number;
  delivered: number;
  duplicates: number;
  closedSockets: number;
  latencies: number[];
}

async function waitForDeliveries(members: Member[]) {
  const sent = members.flatMap((m) => m.sent);
  const missing = () =>
    members.reduce(
      (n, m) =>
        n +
        (m.socket
          ? sent.filter(
              (s) =>
                s.acknowledged && s.at > m.socket!.readyAt && !m.socket!.arrived.has(s.clientId),
            ).length
          : 0),
      0,
    );
  const deadline = Date.now() + SETTLE_MS;
  while (missing() > 0 && Date.now() < deadline) await sleep(200);
}

function checkDelivery(members: Member[], stored: { clientId: string | null }[]): Delivery {
  const sent = members.flatMap((m) => m.sent);
  const storedTimes = new Map<string, number>();
  for (const m of stored) {
    if (m.clientId) storedTimes.set(m.clientId, (storedTimes.get(m.clientId) ?? 0) + 1);
  }
  const result: Delivery = {
    sent: sent.length,
    acknowledged: sent.filter((s) => s.acknowledged).length,
    notStored: sent.filter((s) => s.acknowledged && !storedTimes.has(s.clientId)).length,
    storedTwice: [...storedTimes.values()].filter((n) => n > 1).length,
    expected: 0,
    delivered: 0,
    duplicates: 0,
    closedSockets: 0,
    latencies: [],
  };
  for (const m of members) {
    const socket = m.socket;
    if (!socket) continue;
    if (socket.closedWith() !== null) result.closedSockets += 1;
    for (const s of sent) {
      const times = socket.times.get(s.clientId) ?? 0;
      if (times > 1) result.duplicates += times - 1;
      // A message stored and sent after this socket was ready must have reached it.
      if (s.at > socket.readyAt && storedTimes.has(s.clientId)) {
        result.expected += 1;
        if (times > 0) {
          result.delivered += 1;
          result.latencies.push(socket.arrived.get(s.clientId)! - s.at);
        }
      }
    }
  }
  result.latencies.sort((a, b) => a - b);
  return result;
}

/** Error and fatal lines in the services' logs, and what nginx logged at error level or worse. */
function logErrors(platform: Platform, dataDir: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of readdirSync(platform.logDir)) {
    const lines = readFileSync(path.join(platform.logDir, file), 'utf8').split('\n');
    const n = lines.filter((l) => /"level":(50|60)/.test(l)).length;
    if (n > 0) counts[file] = n;
  }
  const nginxLog = path.join(dataDir, 'run', 'error.log');
  if (existsSync(nginxLog)) {
    const n = readFileSync(nginxLog, 'utf8')
      .split('\n')
      .filter((l) => /\[(error|crit|alert|emerg)\]/.test(l)).length;
    if (n > 0) counts['nginx error.log'] = n;
  }
  return counts;
}

// --- Main ------------------------------------------------------------------------------------------

export interface LoadFigures {
  users: number;
  seconds: number;
  requestsPerSecond: number;
  errors: number;
  routes: { route: string; requests: number; errors: number; p50: number; p99: number }[];
  delivery: Omit<Delivery, 'latencies'> & { p50: number; p99: number };
}

const f = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(0));

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [
    line(rows[0]!),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.slice(1).map(line),
  ].join('\n');
}

async function main() {
  const registry = loadRegistry();
  const compiled = await buildStaleServices(registry);
  if (compiled.length) process.stderr.write(`compiled the services: ${compiled.join(', ')}\n`);
  const port = await findFreePortBlock(PREFERRED_PORT);
  const database = DATABASE_SERVER ? await createTestDatabase(DATABASE_SERVER) : undefined;
  process.stderr.write(
    `starting the platform at ${port} (${DATABASE_SERVER ? 'PostgreSQL' : 'PGlite'})...\n`,
  );
  const platform = await startBenchPlatform('load', {
    port,
    registry,
    compiled: true,
    databaseUrl: database?.url,
    env: {
      NODE_ENV: 'development',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_NAME: ADMIN.name,
    },
  });
  const { dataDir } = platform;
  const url = `http://127.0.0.1:${port}`;
  let failed = false;
  try {
    const { club, adminToken } = await setUp(url);
    const loadBefore = os.loadavg();
    process.stderr.write(
      `${USERS} members for ${DURATION_MS / 1000} s, think time ${THINK_MS / 2}-${(THINK_MS * 3) / 2} ms (load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')})...\n`,
    );
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    windowStart = performance.now();
    const end = windowStart + DURATION_MS;
    windowEnd = end;
    const members = await Promise.all(
      Array.from({ length: USERS }, (_, i) => member(url, club, i, end)),
    );
    const elapsed = performance.now() - windowStart;
    loop.disable();
    const loadAfter = os.loadavg();

    await waitForDeliveries(members);
    const stored = await roomHistory(apiAt(url, adminToken), club.roomId);
    const delivery = checkDelivery(members, stored);
    for (const m of members) m.socket?.close();

    const rows = [...routes.entries()].map(([route, r]) => {
      const sorted = [...r.times].sort((a, b) => a - b);
      return {
        route,
        requests: r.times.length,
        errors: r.errors,
        p50: quantile(sorted, 0.5),
        p99: quantile(sorted, 0.99),
        max: sorted.at(-1) ?? NaN,
        samples: r.samples,
      };
    });
    const errors = rows.reduce((n, r) => n + r.errors, 0);
    const total = rows.reduce((n, r) => n + r.requests, 0);
    const requestsPerSecond = inWindow / (DURATION_MS / 1000);
    process.stdout.write(
      [
        '',
        `Load: ${USERS} members, ${(elapsed / 1000).toFixed(1)} s (all started within ${(RAMP_MS / 1000).toFixed(0)} s), think time ${THINK_MS / 2}-${(THINK_MS * 3) / 2} ms, ${DATABASE_SERVER ? 'PostgreSQL' : 'PGlite'}`,
        `load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')} (${os.cpus().length} cores)`,
        '',
        table([
          ['route', 'requests', 'errors', 'p50 ms', 'p99 ms', 'max ms'],
          ...rows.map((r) => [
            r.route,
            String(r.requests),
            String(r.errors),
            f(r.p50),
            f(r.p99),
            f(r.max),
          ]),
          ['all', String(total), String(errors), '', '', ''],
        ]),
        '',
        `achieved: ${requestsPerSecond.toFixed(1)} req/s over the ${DURATION_MS / 1000} s (plus ${USERS} live sockets)`,
        `load generator's event-loop delay: p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms`,
        `chat messages: ${delivery.sent} sent, ${delivery.acknowledged} acknowledged, ${stored.length} in the history; ${delivery.notStored} acknowledged but missing, ${delivery.storedTwice} stored more than once`,
        `live delivery: ${delivery.delivered} / ${delivery.expected} (message, open socket) pairs, ${delivery.duplicates} duplicates, ${delivery.closedSockets} sockets closed under load; POST to arrival p50 ${f(quantile(delivery.latencies, 0.5))} ms, p99 ${f(quantile(delivery.latencies, 0.99))} ms`,
        '',
      ].join('\n'),
    );
    for (const r of rows) {
      for (const s of r.samples) process.stdout.write(`  error on ${r.route}: ${s}\n`);
    }
    const logged = logErrors(platform, dataDir);
    for (const [file, n] of Object.entries(logged)) {
      process.stdout.write(`  ${n} error lines in ${file}\n`);
    }
    failed =
      errors > 0 ||
      delivery.notStored > 0 ||
      delivery.storedTwice > 0 ||
      delivery.delivered !== delivery.expected ||
      delivery.duplicates > 0 ||
      delivery.closedSockets > 0;
    process.stdout.write(
      failed
        ? 'RESULT: FAILED\n'
        : 'RESULT: zero errors, every message stored and delivered once\n',
    );

    if (process.env.BENCH_JSON) {
      const { latencies, ...counts } = delivery;
      const figures: LoadFigures = {
        users: USERS,
        seconds: DURATION_MS / 1000,
        requestsPerSecond,
        errors,
        routes: rows.map(({ route, requests, errors: e, p50, p99 }) => ({
          route,
          requests,
          errors: e,
          p50,
          p99,
        })),
        delivery: { ...counts, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) },
      };
      writeFileSync(process.env.BENCH_JSON, JSON.stringify(figures));
    }
  } catch (err) {
    failed = true;
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    for (const name of ['auth', 'chat', 'events', 'content', 'gateway']) {
      const tail = tailLog(platform.logDir, name, 8);
      if (tail) process.stderr.write(`--- ${name} log ---\n${tail}\n`);
    }
  } finally {
    await platform.stop();
    await database?.drop();
    if (!process.env.KEEP) rmSync(dataDir, { recursive: true, force: true });
    else process.stderr.write(`kept ${dataDir}\n`);
  }
  process.exit(failed ? 1 : 0);
}

void main();
