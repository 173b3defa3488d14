/**
 * Benchmark (issue 11, "API reads near the limit"): GET /api/settings (every page load reads it,
 * signed in or not) and GET /api/events (the busiest list) through nginx, against a bare Koa
 * handler sending the very same bytes behind the same nginx (an upstream of its own, like any
 * service's), on the embedded PGlite and on PostgreSQL. autocannon loads each for the same time at
 * the same number of connections; the ratio service/bare says what the service costs over the
 * cheapest Node handler, p99 what a user waits. The bare handler runs in a process of its own,
 * like the service, never beside the load generator.
 * Aims: settings ratio >= 0.5 and p99 <= 20 ms; events ratio >= 0.3, p99 <= 50 ms on PostgreSQL
 * and <= 100 ms on PGlite.
 *
 * The platform runs as `npm start` runs it (auth, content and events; the others are not needed).
 * PostgreSQL: a fresh database on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * dropped afterwards; skipped when no server answers there.
 *
 * Run: npm run bench:reads   (BENCH_PORT, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_EVENTS)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ROOT } from '../lib/gateway';
import { startPlatform } from '../lib/platform';
import { loadRegistry, type Registry } from '../lib/registry';

// Below the ephemeral range (32768 on): autocannon's own connections never take these.
const PORT = Number(process.env.BENCH_PORT ?? 24400);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'bench-admin@bench.test', password: 'Bench!Admin1' };
/** A service slot of the registry that nothing else uses. */
const BARE = { name: 'bench-bare', portOffset: 7, prefix: 'bench-bare' };
const RUNNING = ['auth', 'content', 'events'];

export interface ReadFigures {
  store: 'PGlite' | 'PostgreSQL';
  route: string;
  bytes: number;
  service: Load;
  bare: Load;
  ratio: number;
  aim: { ratio: number; p99: number };
}

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

function getRaw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; type: string; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/**
 * The bare handler: Koa answering `body` to every request, in a Node process of its own (as the
 * service is), so it never shares a CPU thread with the load generator.
 */
async function startBare(port: number, type: string, body: Buffer): Promise<ChildProcess> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'teamapp-bare-')), 'body');
  writeFileSync(file, body);
  const code = `
    const Koa = require('koa');
    const body = require('node:fs').readFileSync(process.env.BARE_FILE);
    const app = new Koa();
    app.use((ctx) => { ctx.type = process.env.BARE_TYPE; ctx.body = body; });
    app.listen(Number(process.env.BARE_PORT), '127.0.0.1', () => process.send('listening'));
  `;
  const child = spawn(process.execPath, ['-e', code], {
    cwd: ROOT,
    env: { ...process.env, BARE_FILE: file, BARE_TYPE: type, BARE_PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the bare handler exited with ${code}`)));
  });
  return child;
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    timeout: 120,
  });
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

/** A platform with auth, content and events, and a bare Koa handler in a slot of its own. */
async function measureStore(
  store: ReadFigures['store'],
  databaseUrl: string | undefined,
  port: number,
): Promise<ReadFigures[]> {
  const full = loadRegistry();
  const registry: Registry = {
    ...full,
    services: [
      ...full.services.map((s) =>
        RUNNING.includes(s.name)
          ? s
          : { name: s.name, planned: true, portOffset: s.portOffset, apiPrefixes: s.apiPrefixes },
      ),
      { name: BARE.name, planned: true, portOffset: BARE.portOffset, apiPrefixes: [BARE.prefix] },
    ],
  };
  process.stderr.write(`${store}: starting Redis, auth, content, events and nginx...\n`);
  const platform = await startPlatform({
    port,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'teamapp-bench-reads-')),
    databaseUrl,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' },
    registry,
  });
  let bare: ChildProcess | null = null;
  const stopBare = async () => {
    const running = bare;
    bare = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  try {
    const gateway = `http://127.0.0.1:${port}`;
    const login = await fetch(`${gateway}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`admin login answered ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    const authHeader = { Authorization: `Bearer ${token}` };

    process.stderr.write(`${store}: adding ${EVENTS} events...\n`);
    const day = 86_400_000;
    for (let i = 0; i < EVENTS; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, EVENTS - i) }, async (_, k) => {
          const res = await fetch(`${gateway}/api/events`, {
            method: 'POST',
            headers: { ...authHeader, 'Content-Type': 'application/json' },
            body: JSON.stringify({
              title: `Training ${i + k + 1}`,
              eventDate: new Date(Date.now() + (i + k - EVENTS / 3) * day).toISOString(),
              location: 'Main Field',
              type: (i + k) % 4 === 0 ? 'game' : 'training',
            }),
          });
          if (!res.ok) throw new Error(`POST /api/events answered ${res.status}`);
        }),
      );
    }

    const routes = [
      { route: 'GET /api/settings', path: '/settings', headers: {}, aim: { ratio: 0.5, p99: 20 } },
      {
        route: 'GET /api/events',
        path: '/events',
        headers: authHeader,
        aim: { ratio: 0.3, p99: store === 'PostgreSQL' ? 50 : 100 },
      },
    ];
    const figures: ReadFigures[] = [];
    for (const r of routes) {
      const url = `${gateway}/api${r.path}`;
      const real = await getRaw(url, r.headers);
      if (real.status !== 200) throw new Error(`${r.route} answered ${real.status}`);
      await stopBare();
      bare = await startBare(port + BARE.portOffset, real.type, real.body);
      const bareUrl = `${gateway}/api/${BARE.prefix}${r.path}`;
      const check = await getRaw(bareUrl, r.headers);
      if (!check.body.equals(real.body)) throw new Error('the bare handler answers other bytes');

      process.stderr.write(
        `${store}: loading ${r.route} and the bare handler, ${SECONDS}s each...\n`,
      );
      await load(url, r.headers, WARMUP_SECONDS);
      const service = await load(url, r.headers, SECONDS);
      await load(bareUrl, r.headers, WARMUP_SECONDS);
      const baseline = await load(bareUrl, r.headers, SECONDS);
      figures.push({
        store,
        route: r.route,
        bytes: real.body.length,
        service,
        bare: baseline,
        ratio: service.requestsPerSecond / baseline.requestsPerSecond,
        aim: r.aim,
      });
    }
    return figures;
  } finally {
    await stopBare();
    await platform.stop();
  }
}

async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `teamapp_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export function readLines(figures: ReadFigures[]): string[] {
  const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  const line = (name: string, r: Load) =>
    `${name}: ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (${r.requests} requests, ${r.non2xx} non-2xx, ${r.errors} errors)`;
  return figures.flatMap((f) => [
    `${f.store}, ${f.route} (${f.bytes} bytes), ${CONNECTIONS} connections, ${SECONDS}s each, through nginx:`,
    `  ${line('service', f.service)}`,
    `  ${line('bare Koa, same bytes', f.bare)}`,
    `  ratio ${f.ratio.toFixed(2)} (aim >= ${f.aim.ratio}: ${mark(f.ratio >= f.aim.ratio)}), p99 ${f.service.p99} ms (aim <= ${f.aim.p99}: ${mark(f.service.p99 <= f.aim.p99)})`,
  ]);
}

async function main() {
  const figures = await measureStore('PGlite', undefined, PORT);
  process.stdout.write(`${readLines(figures).join('\n')}\n`);
  const database = await postgresDatabase();
  if (database) {
    try {
      const onPostgres = await measureStore('PostgreSQL', database.url, PORT + 100);
      process.stdout.write(`${readLines(onPostgres).join('\n')}\n`);
      figures.push(...onPostgres);
    } finally {
      await database.drop();
    }
  } else {
    process.stderr.write(`no PostgreSQL at ${PG_URL}: measured on PGlite only\n`);
  }
  // For the summary table (scripts/bench/all.ts).
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(figures));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
