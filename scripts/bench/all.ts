/**
 * `npm run bench`: the benchmarks one after the other (never side by side: each
 * measures time or memory), each as its own process on its own platform, then one table:
 * /login bytes and time against a bare React page (login.ts); GET /api/settings and the busiest
 * lists (events, news, chat rooms, notifications) through nginx against a bare Koa handler sending
 * the same bytes, on PGlite and on PostgreSQL (list-reads.ts); idle memory per process
 * (footprint.ts); 200 members for 60 s, per route p50 and p99 (load.ts); a guardian's merged
 * schedule against a player's (family.ts); an event's change reaching 200 members' pushes against
 * their bells (push.ts); a repeat visit to /schedule from the service worker against the first
 * (sw.ts). Each script prints its own detail as it goes. Lighthouse's scores stay apart:
 * npm run bench:lighthouse.
 * A new benchmark is one line in BENCHES: its script writes BENCH_JSON, and either that JSON is
 * already table rows ({ measure, result, baseline, ratio, aim, ok }) or `rows` turns it into some.
 * The scripts that read or serve the frontends build them first when stale.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReadFigures } from './list-reads';
import type { LoadFigures } from './load';
import type { LoginFigures } from './login';

interface Footprint {
  processes: Record<string, number>;
  total: number;
  totalThroughTsx: number;
  bareNode: number;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'teamapp-bench-'));

/** Runs one benchmark script; returns what it wrote to BENCH_JSON, or null when it failed. */
function run(script: string, env: Record<string, string> = {}): unknown {
  const out = path.join(dir, `${script}-${Object.values(env).join('-')}.json`);
  process.stderr.write(`\n==> ${script}\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, script)], {
    stdio: 'inherit',
    env: { ...process.env, ...env, BENCH_JSON: out },
  });
  if (result.status !== 0) process.exitCode = 1;
  return existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as unknown) : null;
}

type Row = [what: string, result: string, baseline: string, ratio: string, aim: string, ok: string];

const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

function table(rows: Row[]): string {
  const header: Row = ['measure', 'result', 'baseline', 'ratio', 'aim', ''];
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: Row) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}

function loginRows(login: LoginFigures): Row[] {
  return [
    [
      '/login JS over the wire, cold',
      `${login.loginJsKiB.toFixed(1)} KiB`,
      `bare React ${login.bareJsKiB.toFixed(1)} KiB`,
      '',
      '<= 150 KiB',
      mark(login.loginJsKiB <= 150),
    ],
    [
      '/login time to usable Sign In',
      `${login.loginMs.toFixed(0)} ms`,
      `bare React ${login.bareMs.toFixed(0)} ms`,
      login.ratio.toFixed(2),
      'ratio <= 1.5',
      mark(login.ratio <= 1.5),
    ],
  ];
}

function readRows(reads: ReadFigures[]): Row[] {
  return reads.map((f) => [
    `${f.route} (${f.store}), 50 conn., load ${f.load.toFixed(1)}`,
    `${f.service.requestsPerSecond.toFixed(0)} req/s, p50 ${f.service.p50} ms, p99 ${f.service.p99} ms`,
    `bare Koa ${f.bare.requestsPerSecond.toFixed(0)} req/s, p99 ${f.bare.p99} ms`,
    f.ratio.toFixed(2),
    `ratio >= ${f.aim.ratio}, p99 <= ${f.aim.p99} ms`,
    mark(f.ratio >= f.aim.ratio && f.service.p99 <= f.aim.p99),
  ]);
}

function footprintRows(footprint: Footprint): Row[] {
  return [
    ...Object.entries(footprint.processes).map(([name, mib]): Row => [
      `idle memory: ${name}`,
      `${mib.toFixed(1)} MiB`,
      '',
      '',
      '',
      '',
    ]),
    [
      'idle memory: platform, services via tsx',
      `${footprint.totalThroughTsx.toFixed(1)} MiB`,
      '',
      '',
      '',
      '',
    ],
    [
      'idle memory: platform, compiled',
      `${footprint.total.toFixed(1)} MiB`,
      `bare node ${footprint.bareNode.toFixed(1)} MiB`,
      (footprint.total / footprint.bareNode).toFixed(1),
      '<= 1536 MiB',
      mark(footprint.total <= 1536),
    ],
  ];
}

/** What a benchmark script may write to BENCH_JSON to be printed as is. */
interface TableRow {
  measure: string;
  result: string;
  baseline?: string;
  ratio?: string;
  aim?: string;
  ok?: boolean;
}

const asRows = (json: unknown): Row[] =>
  (json as TableRow[]).map((r) => [
    r.measure,
    r.result,
    r.baseline ?? '',
    r.ratio ?? '',
    r.aim ?? '',
    r.ok === undefined ? '' : mark(r.ok),
  ]);

function loadRows(load: LoadFigures): Row[] {
  const d = load.delivery;
  const whole =
    load.errors === 0 &&
    d.notStored === 0 &&
    d.storedTwice === 0 &&
    d.delivered === d.expected &&
    d.duplicates === 0;
  return [
    [
      `load: ${load.users} members for ${load.seconds} s`,
      `${load.errors} errors, ${load.requestsPerSecond.toFixed(1)} req/s`,
      '',
      '',
      '0 errors',
      mark(load.errors === 0),
    ],
    ...load.routes.map((r): Row => [
      `load: ${r.route}`,
      `p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms`,
      `${r.requests} requests`,
      '',
      '',
      '',
    ]),
    [
      'load: chat messages stored once, delivered to every socket once',
      `${d.acknowledged} stored, ${d.delivered}/${d.expected} delivered`,
      '',
      '',
      'all, once',
      mark(whole),
    ],
  ];
}

interface Bench {
  script: string;
  env?: Record<string, string>;
  /** Turns the script's BENCH_JSON into rows (default: it already holds TableRow[]). */
  rows?: (json: never) => Row[];
}

// One line per benchmark, run in this order.
const BENCHES: Bench[] = [
  { script: 'login.ts', rows: loginRows },
  { script: 'list-reads.ts', rows: readRows },
  // A club of 30 teams: a player's events list (their teams only) on PostgreSQL.
  {
    script: 'list-reads.ts',
    env: { BENCH_CLUB: 'teams', BENCH_STORES: 'PostgreSQL' },
    rows: readRows,
  },
  // A guardian's events list and /api/family on the same club, against a player's list.
  { script: 'family.ts' },
  // An event's change to 200 members: to their pushes, against to their bells.
  { script: 'push.ts' },
  // /schedule's repeat visit from the service worker's caches, against the first visit.
  { script: 'sw.ts' },
  { script: 'footprint.ts', rows: footprintRows },
  { script: 'load.ts', rows: loadRows },
];

const rows: Row[] = [];
for (const bench of BENCHES) {
  const json = run(bench.script, bench.env);
  if (json === null) rows.push([bench.script, 'FAILED', '', '', '', '']);
  else rows.push(...(bench.rows ?? asRows)(json as never));
}

process.stdout.write(`\n${table(rows)}\n`);
