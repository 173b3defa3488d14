/**
 * Benchmark: a member's repeat visit from the service worker's caches, against their first
 * visit, in Chromium through the gateway on the built platform (compiled services, nginx).
 *
 * - A signed-out first visit to /login: the JavaScript it downloads (as sent) and that it
 *   registers no service worker (after the load event, the browser idle and the network quiet).
 * - A member signed in (session in the page's storage, as the login page leaves it) opens
 *   /schedule with a cold browser: the first visit. The app registers its worker once the page is
 *   usable; when the worker is active, the member opens /schedule again in a new tab: the repeat
 *   visit, the first the worker controls. Then once more with the browser's HTTP cache emptied,
 *   so only the worker's own caches can spare the network.
 *
 * Per visit: the time from navigation start to the first event card on the schedule, and the
 * requests for the app's code (JavaScript and CSS) that reached the gateway, read from its access
 * log, as: the shell's and the remotes' content-hashed files (aim 0 on a repeat visit), the
 * remotes' entry files (asked on the network first by design, so a new deployment is used at
 * once) and /sw.js (the browser's check for a new worker, Cache-Control no-cache by design).
 * Printed with the ratio of the repeat visit's time to the first's.
 *
 * Builds the frontends when stale. Run: npm run bench:sw   (BENCH_PORT)
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { call } from '@teamapp/api-client';
import { authEndpoints, STORAGE_KEYS, type EventInput } from '@teamapp/contracts';
import { buildFrontendsIfStale } from '@teamapp/platform/build-frontends';
import { launchChromium } from '@teamapp/platform/chromium';
import { findFreePortBlock } from '@teamapp/platform/ports';
import { loadRegistry } from '@teamapp/platform/registry';
import { addEvents, addMembers, apiAt, players, signIn, until } from './seed';
import { compiledServices, startBenchPlatform } from './running';
import { runMain } from './run-main';

const PREFERRED_PORT = Number(process.env.BENCH_PORT ?? 25000);
const ADMIN = { email: 'bench-admin@bench.test', password: 'Bench!Admin1' };
const PASSWORD = 'Bench!Player1';
const RUNNING = ['auth', 'content', 'events', 'chat'];
const TITLE = 'Cup training';
const EVENTS = 12;

const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

/** JS and CSS requests that reached the gateway, by kind. */
interface CodeRequests {
  hashed: string[];
  remoteEntries: string[];
  worker: string[];
}

export interface SwFigures {
  loginJsKiB: number;
  loginWorkers: number;
  first: { ms: number; code: CodeRequests };
  repeat: { ms: number; code: CodeRequests; fromWorker: number };
  emptied: { ms: number; code: CodeRequests; fromWorker: number };
}

/** Reads the gateway's access log from `from` (bytes) on: the JS and CSS asked, by kind. */
function codeRequestsSince(log: string, from: number): CodeRequests {
  const text = readFileSync(log).subarray(from).toString();
  const paths = [...text.matchAll(/"GET ([^" ]+)"/g)].map((m) => m[1]!);
  const code = paths.filter((p) => /\.(js|css)$/.test(p));
  return {
    worker: code.filter((p) => p === '/sw.js'),
    remoteEntries: code.filter((p) => /^\/mfe\/[^/]+\/remoteEntry\.js$/.test(p)),
    hashed: code.filter((p) => p !== '/sw.js' && !/^\/mfe\/[^/]+\/remoteEntry\.js$/.test(p)),
  };
}

/** Notes when a card of the event first shows, before any page script runs. */
const WATCH_SCHEDULE = `
(() => {
  const check = () => {
    if (window.__scheduleShownAt) return;
    for (const a of document.querySelectorAll('article')) {
      if ((a.getAttribute('aria-label') || '').startsWith(${JSON.stringify(TITLE)})) {
        window.__scheduleShownAt = performance.now();
        return;
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();
`;

/** One visit to /schedule in a new tab of `context`: the time to the first card, and sources. */
async function visitSchedule(context: BrowserContext, base: string, log: string) {
  const from = statSync(log).size;
  const page = await context.newPage();
  let fromWorker = 0;
  page.on('response', (response) => {
    if (response.fromServiceWorker() && /\.(js|css)$/.test(new URL(response.url()).pathname))
      fromWorker++;
  });
  await page.addInitScript(WATCH_SCHEDULE);
  await page.goto(`${base}/schedule`, { waitUntil: 'load' });
  await page.waitForFunction(() => (window as { __scheduleShownAt?: number }).__scheduleShownAt, {
    timeout: 60_000,
  });
  const ms = await page.evaluate(
    () => (window as { __scheduleShownAt?: number }).__scheduleShownAt ?? 0,
  );
  await page.waitForLoadState('networkidle');
  return { page, ms, fromWorker, code: codeRequestsSince(log, from) };
}

/** A signed-out first visit to /login: JS bytes as sent, and the workers registered. */
async function visitLogin(browser: Browser, base: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script')
        sizes.push(request.sizes().then((s) => s.responseBodySize));
    });
    await page.goto(`${base}/login`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    // What the app would do once usable happens after load and an idle moment: let two idle
    // moments pass and the network fall quiet before counting workers.
    for (let i = 0; i < 2; i++)
      await page.evaluate(
        () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })),
      );
    await page.waitForLoadState('networkidle');
    const workers = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistrations()).length,
    );
    const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    return { jsKiB: bytes / 1024, workers };
  } finally {
    await context.close();
  }
}

async function main() {
  buildFrontendsIfStale(loadRegistry());
  const registry = await compiledServices(RUNNING);
  const port = await findFreePortBlock(PREFERRED_PORT);
  process.stderr.write(`starting Redis, ${RUNNING.join(', ')} and nginx...\n`);
  const platform = await startBenchPlatform('bench-sw', {
    port,
    compiled: true,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    registry,
  });
  const { dataDir } = platform;
  const log = path.join(dataDir, 'run', 'access.log');
  const browser = await launchChromium();
  try {
    const base = `http://127.0.0.1:${port}`;
    const { request: admin } = await signIn(base, ADMIN);
    const [account] = players(1, PASSWORD, { prefix: 'sw-member', name: 'Sam Member' });
    await addMembers(admin, [account!]);
    const day = 86_400_000;
    await addEvents(
      admin,
      Array.from({ length: EVENTS }, (_, i): EventInput => ({
        title: `${TITLE} ${i + 1}`,
        eventDate: new Date(Date.now() + (i + 1) * day).toISOString(),
        location: 'Main Field',
        type: 'training',
      })),
    );
    const login = await visitLogin(browser, base);

    // The member's browser: signed in as the login page leaves it (the session in storage).
    const { token, user: me } = await call(apiAt(base), authEndpoints.login, {
      body: { email: account!.email, password: PASSWORD },
    });
    const context = await browser.newContext();
    await context.addInitScript(
      ([keys, t, u]) => {
        if (!localStorage.getItem(keys.token)) {
          localStorage.setItem(keys.token, t);
          localStorage.setItem(keys.currentUser, u);
        }
      },
      [STORAGE_KEYS, token, JSON.stringify(me)] as const,
    );
    const first = await visitSchedule(context, base, log);
    await until('the service worker is active', () =>
      first.page.evaluate(
        async () => (await navigator.serviceWorker.ready).active?.state === 'activated',
      ),
    );
    await first.page.close();
    const repeat = await visitSchedule(context, base, log);
    const controlled = await repeat.page.evaluate(() => !!navigator.serviceWorker.controller);
    if (!controlled) throw new Error('the repeat visit is not controlled by the service worker');
    await repeat.page.close();
    // The browser's HTTP cache emptied: what the worker's own caches give.
    const cdpPage = await context.newPage();
    const cdp = await context.newCDPSession(cdpPage);
    await cdp.send('Network.clearBrowserCache');
    await cdpPage.close();
    const emptied = await visitSchedule(context, base, log);
    await emptied.page.close();
    await context.close();

    const figures: SwFigures = {
      loginJsKiB: login.jsKiB,
      loginWorkers: login.workers,
      first: { ms: first.ms, code: first.code },
      repeat: { ms: repeat.ms, code: repeat.code, fromWorker: repeat.fromWorker },
      emptied: { ms: emptied.ms, code: emptied.code, fromWorker: emptied.fromWorker },
    };
    process.stdout.write(`${swLines(figures).join('\n')}\n`);
    if (process.env.BENCH_JSON)
      writeFileSync(process.env.BENCH_JSON, JSON.stringify(swRows(figures)));
  } finally {
    await browser.close();
    await platform.stop();
  }
}

const count = (c: CodeRequests) =>
  `${c.hashed.length} code files, ${c.remoteEntries.length} remote entries, ${c.worker.length} /sw.js`;

export function swLines(f: SwFigures): string[] {
  const ratio = f.repeat.ms / f.first.ms;
  return [
    `signed-out first visit to /login: ${f.loginJsKiB.toFixed(1)} KiB JS as sent, ${f.loginWorkers} service worker registered (aim 0: ${mark(f.loginWorkers === 0)})`,
    `/schedule, first visit (cold browser): ${f.first.ms.toFixed(0)} ms to the first event card; JS/CSS at the gateway: ${count(f.first.code)}`,
    `/schedule, repeat visit (worker in control): ${f.repeat.ms.toFixed(0)} ms (ratio to the first ${ratio.toFixed(2)}); JS/CSS at the gateway: ${count(f.repeat.code)} (aim 0 code files: ${mark(f.repeat.code.hashed.length === 0)}); ${f.repeat.fromWorker} JS/CSS answers from the worker`,
    `/schedule, repeat visit with the HTTP cache emptied: ${f.emptied.ms.toFixed(0)} ms; JS/CSS at the gateway: ${count(f.emptied.code)} (aim 0 code files: ${mark(f.emptied.code.hashed.length === 0)}); ${f.emptied.fromWorker} from the worker`,
    ...(f.emptied.code.hashed.length
      ? [`  code files still asked of the network: ${f.emptied.code.hashed.join(', ')}`]
      : []),
  ];
}

function swRows(f: SwFigures) {
  return [
    {
      measure: '/login first visit: JS, service workers',
      result: `${f.loginJsKiB.toFixed(1)} KiB, ${f.loginWorkers} workers`,
      aim: '0 workers',
      ok: f.loginWorkers === 0,
    },
    {
      measure: '/schedule repeat visit: code requests at the gateway',
      result: `${f.repeat.code.hashed.length} (${f.emptied.code.hashed.length} with HTTP cache emptied)`,
      baseline: `first visit ${f.first.code.hashed.length}`,
      aim: '0',
      ok: f.repeat.code.hashed.length === 0 && f.emptied.code.hashed.length === 0,
    },
    {
      measure: '/schedule repeat visit: time to the first event card',
      result: `${f.repeat.ms.toFixed(0)} ms`,
      baseline: `first visit ${f.first.ms.toFixed(0)} ms`,
      ratio: (f.repeat.ms / f.first.ms).toFixed(2),
    },
  ];
}

runMain(main);
