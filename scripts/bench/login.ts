/**
 * Benchmark: a first visit to /login against a bare React
 * page, both served by the same nginx in the same run.
 *
 * - Bytes: the JavaScript and CSS a cold first visit downloads, as sent over the wire (compressed
 *   as the gateway serves it, brotli for Chromium). Aim: at most 150 KiB of JavaScript.
 * - Time to a usable Sign In button: from navigation start to the moment a "Sign In" button is in
 *   the page and enabled (React attaches its handlers before it commits), with a cold cache each
 *   time. The bare page is React 19 rendering the same form, bundled for production, written
 *   beside the shell's build so the same static server and gateway send it the same way. The
 *   pages load in turns, a median of RUNS each, with the CPU slowed 4x as Lighthouse's mobile
 *   profile does. Aim: /login at most 1.5x the bare page.
 *
 * Builds the frontends when stale: npm run bench:login   (BENCH_PORT, BENCH_RUNS to change defaults)
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { launchChromium } from '@teamapp/platform/chromium';
import { buildFrontendsIfStale } from '@teamapp/platform/build-frontends';
import { loadRegistry, ROOT } from '@teamapp/platform/registry';
import { quantile } from '@teamapp/platform/stats';
import { onlyServices, startBenchPlatform } from './running';
import { runMain } from './run-main';

// Below the ephemeral range (32768 on), so no client connection holds one of its ports.
const PORT = Number(process.env.BENCH_PORT ?? 24300);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CPU_SLOWDOWN = 4;
const BUDGET_KIB = 150;
const TIME_RATIO_AIM = 1.5;
/** Under the shell's build, removed afterwards; the next build cleans it anyway. */
const BARE_DIR = path.join(ROOT, 'shell', 'dist', 'bench-bare');

const BARE_SOURCE = `
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
function Login() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <main>
      <form onSubmit={(e) => e.preventDefault()}>
        <h1>TeamApp Login</h1>
        <label>Email <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} /></label>
        <label>Password <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} /></label>
        <button type="submit">Sign In</button>
      </form>
    </main>
  );
}
createRoot(document.getElementById('root')).render(<Login />);
`;

/** Writes the bare React page (production bundle, .gz and .br beside it, as a build does). */
async function writeBarePage() {
  mkdirSync(BARE_DIR, { recursive: true });
  const result = await build({
    stdin: { contents: BARE_SOURCE, loader: 'tsx', resolveDir: path.join(ROOT, 'shell') },
    bundle: true,
    minify: true,
    format: 'iife',
    jsx: 'automatic',
    target: 'es2020',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
  });
  const files: Record<string, Buffer> = {
    'bare.0000beef.js': Buffer.from(result.outputFiles[0]!.contents),
    'index.html': Buffer.from(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bare React</title>' +
        '<script defer src="/bench-bare/bare.0000beef.js"></script></head>' +
        '<body><div id="root"></div></body></html>',
    ),
  };
  for (const [name, bytes] of Object.entries(files)) {
    const file = path.join(BARE_DIR, name);
    writeFileSync(file, bytes);
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(bytes));
  }
}

interface Visit {
  /** ms from navigation start to an enabled Sign In button. */
  usable: number;
  js: number;
  css: number;
  requests: number;
  scripts: number;
}

/** Records when an enabled "Sign In" button first appears, before any page script runs. */
const WATCH_SIGN_IN = `
(() => {
  const check = () => {
    if (window.__signInUsableAt) return;
    for (const b of document.querySelectorAll('button')) {
      if (b.textContent.trim() === 'Sign In' && !b.disabled) {
        window.__signInUsableAt = performance.now();
        return;
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();
`;

/** One cold visit in a fresh context: bytes by type as received, and the time to usable. */
async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(WATCH_SIGN_IN);
    const sizes: Promise<{ type: string; bytes: number }>[] = [];
    page.on('requestfinished', (request) => {
      sizes.push(
        request.sizes().then((s) => ({ type: request.resourceType(), bytes: s.responseBodySize })),
      );
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => (window as { __signInUsableAt?: number }).__signInUsableAt, {
      timeout: 30_000,
    });
    const usable = await page.evaluate(
      () => (window as { __signInUsableAt?: number }).__signInUsableAt ?? 0,
    );
    await page.waitForLoadState('networkidle');
    const done = await Promise.all(sizes);
    const sum = (type: string) =>
      done.filter((s) => s.type === type).reduce((n, s) => n + s.bytes, 0);
    return {
      usable,
      js: sum('script'),
      css: sum('stylesheet'),
      requests: done.length,
      scripts: done.filter((s) => s.type === 'script').length,
    };
  } finally {
    await context.close();
  }
}

/** The upper of the two middle values for an even count. */
const median = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

export interface LoginFigures {
  loginJsKiB: number;
  loginCssKiB: number;
  loginRequests: number;
  loginMs: number;
  bareJsKiB: number;
  bareMs: number;
  ratio: number;
}

/** Runs the comparison on a platform at `url` (already started). */
export async function measureLogin(url: string): Promise<LoginFigures> {
  await writeBarePage();
  const browser = await launchChromium();
  try {
    // One visit each to warm nginx's and the OS's file caches, not the browser's.
    await visit(browser, `${url}/bench-bare/`);
    await visit(browser, `${url}/login`);
    const bare: Visit[] = [];
    const login: Visit[] = [];
    for (let i = 0; i < RUNS; i++) {
      bare.push(await visit(browser, `${url}/bench-bare/`));
      login.push(await visit(browser, `${url}/login`));
    }
    const kib = (bytes: number) => bytes / 1024;
    const loginMs = median(login.map((v) => v.usable));
    const bareMs = median(bare.map((v) => v.usable));
    return {
      loginJsKiB: kib(login[0]!.js),
      loginCssKiB: kib(login[0]!.css),
      loginRequests: login[0]!.requests,
      loginMs,
      bareJsKiB: kib(bare[0]!.js),
      bareMs,
      ratio: loginMs / bareMs,
    };
  } finally {
    await browser.close();
    rmSync(BARE_DIR, { recursive: true, force: true });
  }
}

export function loginLines(f: LoginFigures): string[] {
  const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  return [
    `first visit to /login (cold cache, as sent): ${f.loginJsKiB.toFixed(1)} KiB JS, ${f.loginCssKiB.toFixed(1)} KiB CSS, ${f.loginRequests} requests (aim JS <= ${BUDGET_KIB} KiB: ${mark(f.loginJsKiB <= BUDGET_KIB)})`,
    `bare React page: ${f.bareJsKiB.toFixed(1)} KiB JS`,
    `time to a usable Sign In (median of ${RUNS}, CPU ${CPU_SLOWDOWN}x slower): /login ${f.loginMs.toFixed(0)} ms, bare React ${f.bareMs.toFixed(0)} ms, ratio ${f.ratio.toFixed(2)} (aim <= ${TIME_RATIO_AIM}: ${mark(f.ratio <= TIME_RATIO_AIM)})`,
  ];
}

async function main() {
  // /login talks to auth and content only; the other services stay off (their routes 503).
  const full = loadRegistry();
  buildFrontendsIfStale(full);
  const registry = onlyServices(full, ['auth', 'content']);
  const platform = await startBenchPlatform('bench-login', {
    port: PORT,
    registry,
  });
  try {
    const figures = await measureLogin(`http://127.0.0.1:${PORT}`);
    process.stdout.write(`${loginLines(figures).join('\n')}\n`);
    // For the summary table (scripts/bench/all.ts).
    if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(figures));
    if (figures.loginJsKiB > BUDGET_KIB || figures.ratio > TIME_RATIO_AIM) process.exitCode = 1;
  } finally {
    await platform.stop();
  }
}

// Run as a script; imported by the summary benchmark, it only provides measureLogin.
if (require.main === module) {
  runMain(main);
}
