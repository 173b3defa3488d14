/**
 * Installing and offline use (reference §2), end to end through nginx in Chromium, as one flow:
 * the manifest made from the branding is linked from the pages and served with its icons; a
 * signed-out first visit to /login registers no service worker; once a member is signed in the
 * worker installs and controls the page after a reload; a visited /schedule still shows its
 * events with the network cut, marked as offline; a new deployment of the worker is offered
 * with a Reload prompt that moves the page to it; after sign-out no cache holds anything of the
 * member's.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { ROOT } from '@teamapp/platform/gateway';
import sharp from 'sharp';
import {
  adminToken,
  api,
  createPlayer,
  launchBrowser,
  logIn,
  newPage,
  waitUntil,
} from '../support/browser';

const PRIVATE_CACHE = 'teamapp-member-answers';
const TITLE = `Offline Training ${Date.now() % 100_000}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Every URL in every cache of the page's origin, by cache. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      all[name] = (await cache.keys()).map((r) => new URL(r.url).pathname);
    }
    return all;
  });

/**
 * A new deployment of the shell's worker: /sw.js (and the compressed copies the gateway serves)
 * with other bytes. Returns what puts the build back.
 */
async function deployNewWorker(): Promise<() => Promise<void>> {
  const dist = path.join(ROOT, 'shell', 'dist');
  const files = ['sw.js', 'sw.js.gz', 'sw.js.br'].map((f) => path.join(dist, f));
  const before = await Promise.all(files.map((f) => readFile(f)));
  const next = Buffer.concat([before[0]!, Buffer.from(`\n// deployment ${Date.now()}\n`)]);
  await writeFile(files[0]!, next);
  await writeFile(files[1]!, gzipSync(next));
  await writeFile(files[2]!, brotliCompressSync(next));
  return async () => {
    await Promise.all(files.map((f, i) => writeFile(f, before[i]!)));
  };
}

const registrations = (page: Page) =>
  page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);

it('when a member uses the app, then it is installable, works offline from what was last seen and forgets the member at sign-out', async () => {
  const { context, page } = await newPage(browser, 375);

  // The manifest, from the branding, with icons of the sizes installers ask for.
  const manifestAnswer = await context.request.get('/manifest.webmanifest');
  expect(manifestAnswer.status()).toBe(200);
  expect(manifestAnswer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await manifestAnswer.json()) as {
    name: string;
    theme_color: string;
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  const branding = (await api('GET', '/settings')).body.data as {
    appTitle: string;
    headerColor: string;
  };
  expect(manifest).toMatchObject({
    name: branding.appTitle,
    theme_color: branding.headerColor,
    display: 'standalone',
    start_url: '/',
  });
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const answer = await context.request.get(icon.src);
    expect(answer.status()).toBe(200);
    const meta = await sharp(await answer.body()).metadata();
    expect(meta.format).toBe('png');
    expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
  }

  // The worker's script is checked on every visit, so a new deployment is found at once.
  const worker = await context.request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');

  // The showcase and the sign-in page link it; a signed-out first visit to /login registers
  // no worker (nothing on its critical path).
  await page.goto('/');
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
    '/manifest.webmanifest',
  );
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
    '/manifest.webmanifest',
  );
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toMatch(/^#/);
  expect(await registrations(page)).toBe(0);

  // An event the member will see, tomorrow.
  const created = await api('POST', '/events', {
    token: await adminToken(),
    body: {
      title: TITLE,
      eventDate: new Date(Date.now() + 86_400_000).toISOString(),
      location: 'East Field',
      type: 'training',
    },
  });
  expect(created.status).toBe(201);

  // Signed in, the worker installs once the page is usable and controls it after a reload.
  const player = await createPlayer('Olive Offline');
  await logIn(page, player.email, player.password);
  await page.waitForURL('**/dashboard');
  await waitUntil('the service worker is active', () =>
    page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state === 'activated'),
  );
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // The schedule, visited online, is kept.
  await page.goto('/schedule');
  await page.getByRole('article', { name: TITLE }).waitFor();
  await waitUntil('the schedule is kept', async () =>
    ((await cachedUrls(page))[PRIVATE_CACHE] ?? []).includes('/api/events'),
  );

  // Offline, /schedule opens from what was last seen, marked as such.
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('article', { name: TITLE }).waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: /Offline — last updated/ })
    .waitFor();

  // Back online, a new deployment of the shell is offered with a prompt, and Reload moves to it.
  await context.setOffline(false);
  await page.reload();
  await page.getByRole('article', { name: TITLE }).waitFor();
  const restore = await deployNewWorker();
  try {
    await page.reload();
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await prompt.getByRole('button', { name: 'Reload' }).click();
    // The page reloads on the new version: no prompt, no worker waiting, one in control.
    await prompt.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: TITLE }).waitFor();
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          controlled: !!navigator.serviceWorker.controller,
          waiting: !!registration?.waiting,
        };
      }),
    ).toEqual({ controlled: true, waiting: false });
    expect(await prompt.count()).toBe(0);
  } finally {
    await restore();
  }

  // The member signs out: nothing of theirs stays in any cache.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  await waitUntil('the member answers are gone', async () => {
    const all = await cachedUrls(page);
    const api = Object.values(all)
      .flat()
      .filter((p) => p.startsWith('/api/') && !p.startsWith('/api/settings'));
    return api.length === 0;
  });

  await context.close();
}, 180_000);
