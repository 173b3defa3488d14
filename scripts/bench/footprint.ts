/**
 * Footprint: the shell's initial JavaScript (gzip) and the idle memory of the whole platform.
 * Memory is each started process plus its children (nginx workers), as resident set size, after
 * the platform has been idle for a while; the baseline is a bare `node -e` process measured the
 * same way, so the figure can be read as "so many bare Node processes".
 * The platform is measured twice: its services run through tsx (TypeScript compiled in the
 * running process), then as compiled JavaScript, as `npm start` runs them.
 * Builds the frontends and services when stale: npm run bench:footprint
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '@teamapp/platform/chromium';
import { buildFrontendsIfStale } from '@teamapp/platform/build-frontends';
import { buildStaleServices } from '@teamapp/platform/build-services';
import { loadRegistry, ROOT } from '@teamapp/platform/registry';
import { runMain } from './run-main';
import { startBenchPlatform } from './running';

// Below the ephemeral range (32768 on), so no client connection holds one of its ports.
const PORT = Number(process.env.BENCH_PORT ?? 24200);
const IDLE_MS = Number(process.env.IDLE_MS ?? 15_000);

function rssKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function treeRssKb(pid: number): number {
  let children: number[] = [];
  try {
    children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((l) => Number(l.trim()))
      .filter(Boolean);
  } catch {
    children = [];
  }
  return rssKb(pid) + children.reduce((sum, c) => sum + treeRssKb(c), 0);
}

function initialJsGzip(): { files: string[]; bytes: number } {
  const dist = path.join(ROOT, 'shell', 'dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<script[^>]*src="?([^"\s>]+)"?/g)].map((m) =>
    m[1]!.replace(/^\//, ''),
  );
  const bytes = files.reduce(
    (sum, f) => sum + gzipSync(readFileSync(path.join(dist, f))).length,
    0,
  );
  return { files, bytes };
}

/** What a first visit to /login downloads, as the browser received it (gzip over the wire). */
async function loginPageTransfer(
  url: string,
): Promise<{ js: number; css: number; requests: number }> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const sizes: { type: string; bytes: number }[] = [];
    page.on('requestfinished', (request) => {
      void request
        .sizes()
        .then((s) => sizes.push({ type: request.resourceType(), bytes: s.responseBodySize }));
    });
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const sum = (type: string) =>
      sizes.filter((s) => s.type === type).reduce((n, s) => n + s.bytes, 0);
    return { js: sum('script'), css: sum('stylesheet'), requests: sizes.length };
  } finally {
    await browser.close();
  }
}

type Idle = { perProcess: (readonly [string, number])[]; total: number };

/**
 * The platform's idle memory per process (KiB), its services run through tsx or as compiled
 * JavaScript; `during` runs once it is up, before the idle wait.
 */
async function idleMemory(
  compiled: boolean,
  during?: (url: string) => Promise<void>,
): Promise<Idle> {
  const platform = await startBenchPlatform('footprint', {
    port: PORT,
    compiled,
  });
  try {
    await during?.(`http://127.0.0.1:${PORT}`);
    await sleep(IDLE_MS);
    const perProcess = Object.entries(platform.pids()).map(
      ([name, pid]) => [name, treeRssKb(pid)] as const,
    );
    return { perProcess, total: perProcess.reduce((sum, [, kb]) => sum + kb, 0) };
  } finally {
    await platform.stop();
  }
}

async function main() {
  const registry = loadRegistry();
  buildFrontendsIfStale(registry);
  const js = initialJsGzip();
  const baseline = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)']);
  try {
    process.stderr.write('compiling the services...\n');
    await buildStaleServices(registry);
    let login = { js: 0, css: 0, requests: 0 };
    process.stderr.write('the platform with its services through tsx...\n');
    const before = await idleMemory(false, async (url) => {
      login = await loginPageTransfer(url);
    });
    process.stderr.write('the platform with its services compiled (as npm start runs them)...\n');
    const after = await idleMemory(true);
    const bare = rssKb(baseline.pid!);
    const mb = (kb: number) => (kb / 1024).toFixed(1);
    const tsx = Object.fromEntries(before.perProcess);
    process.stdout.write(
      [
        `shell initial JS (gzip): ${(js.bytes / 1024).toFixed(1)} KiB in ${js.files.join(', ')}`,
        `first visit to /login over the wire: ${(login.js / 1024).toFixed(1)} KiB JS, ${(login.css / 1024).toFixed(1)} KiB CSS, ${login.requests} requests`,
        `idle memory (RSS with children, after ${IDLE_MS / 1000}s idle): through tsx -> compiled`,
        ...after.perProcess.map(
          ([name, kb]) => `  ${name}: ${mb(tsx[name] ?? 0)} MiB -> ${mb(kb)} MiB`,
        ),
        `platform: ${mb(before.total)} MiB -> ${mb(after.total)} MiB`,
        `bare node process: ${mb(bare)} MiB; ratio platform/bare node: ${(after.total / bare).toFixed(1)}x`,
        '',
      ].join('\n'),
    );
    // For the summary table (scripts/bench/all.ts): MiB per process and in all, as npm start runs.
    if (process.env.BENCH_JSON) {
      const figures = {
        processes: Object.fromEntries(after.perProcess.map(([name, kb]) => [name, kb / 1024])),
        total: after.total / 1024,
        totalThroughTsx: before.total / 1024,
        bareNode: bare / 1024,
      };
      writeFileSync(process.env.BENCH_JSON, JSON.stringify(figures));
    }
  } finally {
    baseline.kill();
  }
}

runMain(main);
