/**
 * Benchmark: the reads every page makes, through nginx,
 * each against a bare Koa handler sending the very same bytes behind the same nginx, on the
 * embedded PGlite (as `npm start` runs it: compiled services) and on PostgreSQL:
 *
 * - GET /api/settings (every page load, signed in or not);
 * - the busiest lists, as a player reads them: GET /api/events (a season: EVENTS events with
 *   PLAYERS players' answers), GET /api/news (NEWS posts), GET /api/chat (ROOMS rooms with
 *   messages) and GET /api/notifications?limit=20 (what the bell asks, of the player's NEWS
 *   notifications).
 *
 * Every request asks for gzip, as a browser does. The bare handler answers what the service
 * answered (status, content type and encoding, body, read straight from the service), in a Node
 * process of its own as the service is, never beside the load generator; nginx routes it as an
 * upstream of its own, like any service's. wrk (Debian's package, installed when missing) loads
 * each for the same time at the same number of connections, the service first, then the bare
 * handler; the ratio service/bare says what the service costs over the cheapest Node handler, p99
 * what a user waits. The machine's load (1-minute average) is printed beside each route: on a
 * shared machine p99s swell with it, while a ratio measured in the same minute holds better.
 * Aims: settings ratio >= 0.5 and p99 <= 20 ms; lists ratio >= 0.3, p99 <= 50 ms on PostgreSQL
 * and <= 100 ms on PGlite.
 *
 * PostgreSQL: a fresh database on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * dropped afterwards; skipped when no server answers there.
 *
 * A club of many teams (BENCH_CLUB=teams, `npm run bench:teams`): TEAMS teams, MEMBERS members
 * (most in one team, some in two or three, one coach each), SEASON_EVENTS events over a season
 * (a few club-wide) with the answers of one team's players and every coach; a player of one team
 * reads GET /api/events, which must hold only club-wide events and their team's, in under
 * 100 KB (checked and printed before the load). Aim as for the lists.
 *
 * Run: npm run bench:reads   (BENCH_ROUTES=events,news to pick routes; BENCH_STORES=PGlite;
 * BENCH_PORT, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_EVENTS, BENCH_NEWS, BENCH_ROOMS,
 * BENCH_PLAYERS; for the club of teams BENCH_TEAMS, BENCH_MEMBERS, BENCH_SEASON_EVENTS)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { buildStaleServices } from '@teamapp/platform/build-services';
import { loadRegistry, ROOT, type Registry } from '@teamapp/platform/registry';
import { ensureCommand } from '@teamapp/platform/system';
import { routeOf } from '@teamapp/platform/http';
import { call, urlOf } from '@teamapp/api-client';
import { metricsPortOf } from '@teamapp/service-kit';
import { createDatabaseOn } from '@teamapp/service-kit/testing';
import {
  chatEndpoints,
  eventsEndpoints,
  newsEndpoints,
  notificationsEndpoints,
  settingsEndpoints,
  type AnyEndpoint,
} from '@teamapp/contracts';
import {
  addEvents,
  addMembers,
  answerEvent,
  inBatches,
  newsCount,
  openRoom,
  players,
  publishNews,
  roomsOf,
  seedTeamsClub,
  signIn,
  signInAll,
  unreadCount,
  until,
} from './seed';
import { onlyServices, startBenchPlatform } from './running';
import { runMain } from './run-main';

// Below the ephemeral range (32768 on): the load generator's own connections never take these.
const PORT = Number(process.env.BENCH_PORT ?? 24400);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 500);
const NEWS = Number(process.env.BENCH_NEWS ?? 200);
const ROOMS = Number(process.env.BENCH_ROOMS ?? 20);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 12);
const CLUB = process.env.BENCH_CLUB === 'teams';
const TEAMS = Number(process.env.BENCH_TEAMS ?? 30);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 600);
const SEASON_EVENTS = Number(process.env.BENCH_SEASON_EVENTS ?? 3000);
/** What a player's events answer may weigh (JSON, before compression). */
const CLUB_ANSWER_LIMIT = 100_000;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'bench-admin@bench.test', password: 'Bench!Admin1' };
const PLAYER_PASSWORD = 'Bench!Player1';
/** A service slot of the registry that nothing else uses. */
const BARE = { name: 'bench-bare', portOffset: 7, prefix: 'bench-bare' };
const RUNNING = ['auth', 'content', 'events', 'chat'];
const GZIP = { 'Accept-Encoding': 'gzip' };

export type Store = 'PGlite' | 'PostgreSQL';

export interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

export interface ReadFigures {
  store: Store;
  route: string;
  /** What one answer weighs as sent (gzip where the service or nginx compresses). */
  bytes: number;
  service: Load;
  bare: Load;
  ratio: number;
  aim: { ratio: number; p99: number };
  /** The machine's 1-minute load average when the route was measured. */
  load: number;
}

interface RouteSpec {
  key: string;
  route: string;
  /** Path under /api. */
  path: string;
  as: 'anyone' | 'player';
  aim: (store: Store) => { ratio: number; p99: number };
}

const listAim = (store: Store) => ({ ratio: 0.3, p99: store === 'PostgreSQL' ? 50 : 100 });

/** A read as a page makes it: its endpoint, with the query the page sends. */
function read(
  key: string,
  endpoint: AnyEndpoint,
  as: RouteSpec['as'],
  aim: RouteSpec['aim'],
  query?: Record<string, unknown>,
): RouteSpec {
  return { key, route: routeOf(endpoint), path: urlOf(endpoint, { query }), as, aim };
}

/** The club of teams measures one read: a player's events. */
const CLUB_ROUTES: RouteSpec[] = [
  {
    ...read('events', eventsEndpoints.list, 'player', listAim),
    route: `GET /api/events (a player of 1 of ${TEAMS} teams)`,
  },
];

export const ROUTES: RouteSpec[] = [
  read('settings', settingsEndpoints.get, 'anyone', () => ({ ratio: 0.5, p99: 20 })),
  read('events', eventsEndpoints.list, 'player', listAim),
  read('news', newsEndpoints.list, 'player', listAim),
  read('chat', chatEndpoints.rooms, 'player', listAim),
  read('notifications', notificationsEndpoints.list, 'player', listAim, { limit: 20 }),
];

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The raw answer as sent (node:http decompresses nothing). */
function getRaw(url: string, headers: Record<string, string>) {
  return new Promise<RawAnswer>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/** What the bare handler answers on one path: the service's own answer. */
interface BareAnswer {
  path: string;
  status: number;
  type: string;
  encoding: string;
  vary: string;
  file: string;
}

/**
 * The bare handler: Koa answering each path with the service's answer for it, in a Node process
 * of its own (as the service is), so it never shares a CPU thread with the load generator.
 */
async function startBare(port: number, answers: BareAnswer[]): Promise<ChildProcess> {
  const code = `
    const Koa = require('koa');
    const fs = require('node:fs');
    const answers = new Map(JSON.parse(process.env.BARE_ANSWERS).map((a) =>
      [a.path, { ...a, body: fs.readFileSync(a.file) }]));
    const app = new Koa();
    app.use((ctx) => {
      const a = answers.get(ctx.url);
      if (!a) { ctx.status = 404; return; }
      ctx.status = a.status;
      ctx.type = a.type;
      if (a.encoding) ctx.set('Content-Encoding', a.encoding);
      if (a.vary) ctx.set('Vary', a.vary);
      ctx.body = a.body;
    });
    app.listen(Number(process.env.BARE_PORT), '127.0.0.1', () => process.send('listening'));
  `;
  const child = spawn(process.execPath, ['-e', code], {
    cwd: ROOT,
    env: { ...process.env, BARE_ANSWERS: JSON.stringify(answers), BARE_PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (exit) => reject(new Error(`the bare handler exited with ${exit}`)));
  });
  return child;
}

/**
 * wrk's report, printed by its Lua `done` hook as one line of JSON (latencies in microseconds).
 * wrk (C, one thread) rather than a Node load generator: on two cores a Node generator needs most
 * of one of them at these rates and was itself the limit on the 40 KB events answer (1,567 req/s
 * for the bare handler where wrk drives it at 6,860).
 */
const WRK_REPORT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK {"requests":%d,"micros":%d,"p50":%d,"p99":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, e.status))
end
`;

const ms = (micros: number) => Math.round(micros / 100) / 10;

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const { command, script } = wrk();
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '120s', '-s', script];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(command, [...args, url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout.on('data', (c: Buffer) => (text += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}`)),
    );
  });
  const line = out.split('\n').find((l) => l.startsWith('WRK '));
  if (!line) throw new Error(`wrk printed no report:\n${out}`);
  const r = JSON.parse(line.slice(4)) as Record<
    'requests' | 'micros' | 'p50' | 'p99' | 'errors' | 'non2xx',
    number
  >;
  // Requests still queued in the server when the run stopped finish before the next run starts.
  await getRaw(url, headers);
  return {
    requestsPerSecond: r.requests / (r.micros / 1e6),
    p50: ms(r.p50),
    p99: ms(r.p99),
    requests: r.requests,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

let wrkTool: { command: string; script: string } | undefined;
/** wrk's path (installed when missing) and its report script, found and written once. */
function wrk(): { command: string; script: string } {
  if (!wrkTool) {
    const script = path.join(mkdtempSync(path.join(os.tmpdir(), 'teamapp-wrk-')), 'report.lua');
    writeFileSync(script, WRK_REPORT);
    wrkTool = { command: ensureCommand('wrk', 'wrk'), script };
  }
  return wrkTool;
}

const PARAGRAPH =
  'Training moves to the main field this week while the club house floor is redone. Bring both kits, water and your boots; the coach will split the squad for drills after the warm-up. Parents who can drive to the away game on Saturday, please say so by Thursday.';

/**
 * A club's data as the platform keeps it, written through the API: players, a season of events
 * with the players' answers, news posts published with a notification to everyone, and group
 * chat rooms with a few messages each. The token of one player, who reads the lists.
 */
async function seed(gateway: string, store: Store, routes: Set<string>): Promise<string> {
  const log = (what: string) => process.stderr.write(`${store}: ${what}\n`);
  const { request: admin } = await signIn(gateway, ADMIN);

  log(`adding ${PLAYERS} players...`);
  const accounts = players(PLAYERS, PLAYER_PASSWORD, { pad: 2 });
  await addMembers(admin, accounts);
  const sessions = await signInAll(gateway, accounts);
  const reader = sessions[0]!.request;

  if (routes.has('events')) {
    log(`adding ${EVENTS} events and ${PLAYERS} players' answers to the upcoming ones...`);
    const types = ['training', 'training', 'game', 'meeting', 'social'] as const;
    const start = Date.now() - 0.4 * EVENTS * 1.5 * 86_400_000;
    const ids = await addEvents(
      admin,
      Array.from({ length: EVENTS }, (_, i) => ({
        title: `${types[i % types.length]!} ${i + 1}`,
        description: i % 3 === 0 ? 'Bring both kits and water.' : '',
        eventDate: new Date(start + i * 1.5 * 86_400_000).toISOString(),
        location: i % 2 ? 'Main Field' : 'Club House',
        type: types[i % types.length],
        isRequired: i % 4 === 0,
      })),
    );
    const answers = [
      'attending',
      'attending',
      'maybe',
      'attending',
      'not-attending',
      null,
    ] as const;
    await inBatches(EVENTS * PLAYERS, 20, async (n) => {
      const status = answers[n % answers.length];
      // Answers close when an event starts: the past ones keep none (as the API allows).
      if (!status || start + (n % EVENTS) * 1.5 * 86_400_000 < Date.now() + 3_600_000) return;
      await answerEvent(sessions[Math.floor(n / EVENTS)]!.request, ids[n % EVENTS]!, status);
    });
  }

  if (routes.has('news') || routes.has('notifications')) {
    log(`publishing ${NEWS} news posts, each with a notification to everyone...`);
    const post = (i: number) =>
      publishNews(admin, {
        title: `Club news ${i + 1}: the week ahead`,
        content: `${PARAGRAPH}\n\n${PARAGRAPH}`,
        isPinned: i % 50 === 0,
        notify: true,
      });
    const notified = async (count: number) => (await unreadCount(reader)) >= count;
    // The players reach the content service through the queues: the first post waits for them.
    for (let tries = 0; !(await notified(1)); tries++) {
      if (tries === 40) throw new Error('the players never reached the content service');
      await post(tries);
      await until('the first notification', () => notified(1), 3000).catch(() => undefined);
    }
    const first = await newsCount(reader);
    await inBatches(NEWS - first, 5, (i) => post(first + i));
    await until(`the player's ${NEWS} notifications`, () => notified(NEWS));
  }

  if (routes.has('chat')) {
    log(`opening ${ROOMS} group rooms with messages...`);
    await inBatches(ROOMS, 5, (i) =>
      openRoom(
        admin,
        { name: `Room ${i + 1}`, description: 'Team talk', type: 'group' },
        Array.from({ length: 3 }, (_, k) => ({
          content: `Message ${k + 1} in room ${i + 1}: see you on the field.`,
        })),
      ),
    );
    await until(`the player's ${ROOMS} rooms`, async () => (await roomsOf(reader)).length >= ROOMS);
  }
  return sessions[0]!.token;
}

/**
 * A club of TEAMS teams written through the API (see the header); checks what a player of one
 * team reads and returns their token.
 */
async function seedClub(gateway: string, store: Store, eventsPort: number): Promise<string> {
  const log = (what: string) => process.stderr.write(`${store}: ${what}\n`);
  const club = await seedTeamsClub(gateway, {
    admin: ADMIN,
    password: PLAYER_PASSWORD,
    teams: TEAMS,
    members: MEMBERS,
    events: SEASON_EVENTS,
    log,
  });
  const { teamIds, teamOfEvent, upcoming } = club;
  // The reader plays in team 1 only.
  const reader = club.sessionOf(club.player);
  const readerTeam = teamIds[0]!;

  const { events } = await call(reader.request, eventsEndpoints.list, { query: {} });
  const strangers = events.filter((e) => e.teamId && e.teamId !== readerTeam);
  const bytes = Buffer.byteLength(
    JSON.stringify(await call(reader.request, eventsEndpoints.list, { query: {} })),
  );
  process.stdout.write(
    `${store}: a player of 1 of ${TEAMS} teams reads ${events.length} events (${events.filter((e) => !e.teamId).length} club-wide), ${strangers.length} of other teams, ${bytes} bytes of JSON (aim < ${CLUB_ANSWER_LIMIT}: ${mark(strangers.length === 0 && bytes < CLUB_ANSWER_LIMIT)})\n`,
  );
  if (strangers.length)
    throw new Error(`the player reads ${strangers.length} events of other teams`);

  // One member's RSVP drops the cached lists of their team only: the events service counts the
  // lists it computes afresh, by team, in its metrics.
  const metricsUrl = `http://127.0.0.1:${metricsPortOf({ SERVICE_PORT: eventsPort })}/metrics`;
  const builds = async (): Promise<Map<string, number>> => {
    const text = await (await fetch(metricsUrl)).text();
    const counts = new Map<string, number>();
    for (const [, team, count] of text.matchAll(
      /^event_lists_built_total\{team="([^"]+)"[^}]*\} (\d+)/gm,
    ))
      counts.set(team!, Number(count));
    return counts;
  };
  const otherTeam = teamIds[1]!;
  const otherReader = club.sessionOf(1); // the coach of team 2
  const readBoth = () =>
    Promise.all(
      [reader, otherReader].map((s) => call(s.request, eventsEndpoints.list, { query: {} })),
    );
  // First 'maybe', so the measured answer changes it whatever the seed answered.
  const [answered] = upcoming.find(([, i]) => teamOfEvent(i) === readerTeam)!;
  await answerEvent(reader.request, answered, 'maybe');
  await readBoth();
  const before = await builds();
  await answerEvent(reader.request, answered, 'not-attending');
  await readBoth();
  const after = await builds();
  const rebuilt = (team: string) => (after.get(team) ?? 0) - (before.get(team) ?? 0);
  process.stdout.write(
    `${store}: an RSVP to a team 1 event rebuilt team 1's lists ${rebuilt(readerTeam)} time(s), team 2's ${rebuilt(otherTeam)}, the club-wide ones ${rebuilt('club')} (aim: team 1 only: ${mark(rebuilt(readerTeam) > 0 && rebuilt(otherTeam) === 0 && rebuilt('club') === 0)})\n`,
  );
  return reader.token;
}

function loadAverage(): number {
  return os.loadavg()[0]!;
}

/** The platform as `npm start` runs it (auth, content, events, chat), seeded, then the loads. */
async function measureStore(
  store: Store,
  databaseUrl: string | undefined,
  port: number,
  specs: RouteSpec[],
): Promise<ReadFigures[]> {
  const full = loadRegistry();
  const running = onlyServices(full, RUNNING);
  const registry: Registry = {
    ...running,
    services: [
      ...running.services,
      { name: BARE.name, planned: true, portOffset: BARE.portOffset, apiPrefixes: [BARE.prefix] },
    ],
  };
  process.stderr.write(`${store}: starting Redis, ${RUNNING.join(', ')} and nginx...\n`);
  const platform = await startBenchPlatform('bench-reads', {
    port,
    databaseUrl,
    compiled: true,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    registry,
    // The seed signs every player in through the gateway.
    loginRatePerMinute: 6000,
    loginBurst: 1000,
  });
  let bare: ChildProcess | null = null;
  try {
    const gateway = `http://127.0.0.1:${port}`;
    const reader = CLUB
      ? await seedClub(
          gateway,
          store,
          port + full.services.find((s) => s.name === 'events')!.portOffset,
        )
      : await seed(gateway, store, new Set(specs.map((s) => s.key)));
    const headersFor = (spec: RouteSpec): Record<string, string> =>
      spec.as === 'player' ? { ...GZIP, Authorization: `Bearer ${reader}` } : GZIP;

    // The bare handler answers what each service answered, straight from the service.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'teamapp-bare-'));
    const answers: BareAnswer[] = [];
    for (const [i, spec] of specs.entries()) {
      const owner = full.services.find((s) => s.apiPrefixes.includes(spec.path.split(/[/?]/)[1]!));
      // Deliveries the seed set off (a player away from chat is notified of new messages)
      // may still be landing: take the answer once two readings a second apart agree.
      const url = `http://127.0.0.1:${port + owner!.portOffset}/api${spec.path}`;
      let direct = await getRaw(url, headersFor(spec));
      for (let tries = 0; ; tries++) {
        await sleep(1000);
        const again = await getRaw(url, headersFor(spec));
        if (again.status === direct.status && again.body.equals(direct.body)) break;
        if (tries === 60) throw new Error(`${spec.route}: its answer kept changing for a minute`);
        direct = again;
      }
      if (direct.status !== 200) throw new Error(`${spec.route} answered ${direct.status}`);
      const file = path.join(dir, `answer-${i}`);
      writeFileSync(file, direct.body);
      answers.push({
        path: `/api/${BARE.prefix}${spec.path}`,
        status: direct.status,
        type: String(direct.headers['content-type'] ?? ''),
        encoding: String(direct.headers['content-encoding'] ?? ''),
        vary: String(direct.headers.vary ?? ''),
        file,
      });
    }
    bare = await startBare(port + BARE.portOffset, answers);

    const figures: ReadFigures[] = [];
    for (const spec of specs) {
      const headers = headersFor(spec);
      const url = `${gateway}/api${spec.path}`;
      const bareUrl = `${gateway}/api/${BARE.prefix}${spec.path}`;
      const real = await getRaw(url, headers);
      const check = await getRaw(bareUrl, headers);
      if (real.status !== 200 || !check.body.equals(real.body))
        throw new Error(`${spec.route}: the bare handler answers other bytes through nginx`);

      const loadAtStart = loadAverage();
      process.stderr.write(
        `${store}: loading ${spec.route} and the bare handler, ${SECONDS}s each (load ${loadAtStart.toFixed(2)})...\n`,
      );
      await load(url, headers, WARMUP_SECONDS);
      const service = await load(url, headers, SECONDS);
      await load(bareUrl, headers, WARMUP_SECONDS);
      const baseline = await load(bareUrl, headers, SECONDS);
      const figure: ReadFigures = {
        store,
        route: spec.route,
        bytes: real.body.length,
        service,
        bare: baseline,
        ratio: service.requestsPerSecond / baseline.requestsPerSecond,
        aim: spec.aim(store),
        load: (loadAtStart + loadAverage()) / 2,
      };
      process.stdout.write(`${readLines([figure]).join('\n')}\n`);
      figures.push(figure);
    }
    return figures;
  } finally {
    const running = bare as ChildProcess | null;
    if (running && running.exitCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    }
    await platform.stop();
  }
}

/** A database of the benchmark's own on PG_URL, or null when no server answers there. */
async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const probe = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
  } catch {
    return null;
  }
  await probe.end();
  return createDatabaseOn(PG_URL, 'teamapp_bench_');
}

const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

export function readLines(figures: ReadFigures[]): string[] {
  const line = (name: string, r: Load) =>
    `${name}: ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (${r.requests} requests, ${r.non2xx} non-2xx, ${r.errors} errors)`;
  return figures.flatMap((f) => [
    `${f.store}, ${f.route} (${f.bytes} bytes as sent), ${CONNECTIONS} connections, ${SECONDS}s each, through nginx, load ${f.load.toFixed(2)}:`,
    `  ${line('service', f.service)}`,
    `  ${line('bare Koa, same bytes', f.bare)}`,
    `  ratio ${f.ratio.toFixed(2)} (aim >= ${f.aim.ratio}: ${mark(f.ratio >= f.aim.ratio)}), p99 ${f.service.p99} ms (aim <= ${f.aim.p99}: ${mark(f.service.p99 <= f.aim.p99)})`,
  ]);
}

/** One line per route and store: the summary `npm run bench:reads` ends with. */
export function readTable(figures: ReadFigures[]): string {
  const rows = [
    ['store', 'route', 'service req/s', 'bare req/s', 'ratio', 'p50', 'p99', 'load', 'aim', ''],
    ...figures.map((f) => [
      f.store,
      f.route,
      f.service.requestsPerSecond.toFixed(0),
      f.bare.requestsPerSecond.toFixed(0),
      f.ratio.toFixed(2),
      `${f.service.p50} ms`,
      `${f.service.p99} ms`,
      f.load.toFixed(2),
      `>= ${f.aim.ratio}, p99 <= ${f.aim.p99} ms`,
      mark(f.ratio >= f.aim.ratio && f.service.p99 <= f.aim.p99),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join(' | ')
        .trimEnd(),
    )
    .join('\n');
}

async function main() {
  const only = process.env.BENCH_ROUTES?.split(',').map((s) => s.trim());
  const routes = CLUB ? CLUB_ROUTES : ROUTES;
  const specs = only ? routes.filter((r) => only.includes(r.key)) : routes;
  if (specs.length === 0) throw new Error(`BENCH_ROUTES names none of ${routes.map((r) => r.key)}`);
  const stores = process.env.BENCH_STORES?.split(',') ?? ['PGlite', 'PostgreSQL'];
  const built = await buildStaleServices(loadRegistry());
  if (built.length) process.stderr.write(`compiled ${built.join(', ')}\n`);

  const figures: ReadFigures[] = [];
  if (stores.includes('PGlite'))
    figures.push(...(await measureStore('PGlite', undefined, PORT, specs)));
  if (stores.includes('PostgreSQL')) {
    const database = await postgresDatabase();
    if (database) {
      try {
        figures.push(...(await measureStore('PostgreSQL', database.url, PORT + 100, specs)));
      } finally {
        await database.drop();
      }
    } else {
      process.stderr.write(`no PostgreSQL at ${PG_URL}: measured on PGlite only\n`);
    }
  }
  process.stdout.write(`\n${readTable(figures)}\n`);
  // For the summary table (scripts/bench/all.ts).
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(figures));
}

if (require.main === module) {
  runMain(main);
}
