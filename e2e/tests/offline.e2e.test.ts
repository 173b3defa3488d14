/**
 * Installing and offline use (reference §2), end to end through nginx in Chromium, as one flow:
 * the manifest made from the branding is linked from the pages and served with its icons; a
 * signed-out first visit to /login registers no service worker; once a member is signed in the
 * worker installs and controls the page after a reload; with the network cut (Chromium's own
 * emulation, page and worker) the dashboard's next event, /schedule and a chat room show what was
 * last seen, each marked offline with when it was last updated; an RSVP and a chat message made
 * offline show as waiting and, once the network is back, reach the server exactly once and the
 * markers go; a new deployment of the worker is offered with a Reload prompt that moves the page
 * to it; after sign-out (offline, with a send still waiting) no cache and no queue holds anything
 * of the member's.
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
const ROOM = `Offline Room ${Date.now() % 100_000}`;
const OFFLINE_LINE = /^Offline — last updated [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/;

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

/** How many sends the worker's background-sync queue holds (its IndexedDB store). */
const queuedSends = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('workbox-background-sync');
        open.onerror = () => reject(open.error ?? new Error('IndexedDB did not open'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('requests')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('requests').objectStore('requests').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error ?? new Error('count failed'));
        };
      }),
  );

async function apiLogin(email: string, password: string) {
  const res = await api('POST', '/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return { token: res.body.token as string, id: (res.body.user as { id: string }).id };
}

/** The screen's own offline marker (inside the page's main content, not the shell's line). */
const screenOfflineMarker = (page: Page) =>
  page.getByRole('main').getByRole('status').filter({ hasText: 'Offline — last updated' });

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

  // An event the member will see, tomorrow, and a chat room they are in with a first message.
  const admin = await adminToken();
  const created = await api('POST', '/events', {
    token: admin,
    body: {
      title: TITLE,
      eventDate: new Date(Date.now() + 86_400_000).toISOString(),
      location: 'East Field',
      type: 'training',
    },
  });
  expect(created.status).toBe(201);
  const eventId = (created.body.data as { events: { id: string }[] }).events[0]!.id;
  const player = await createPlayer('Olive Offline');
  const olive = await apiLogin(player.email, player.password);
  /** The member's entries for the event, as the admin (who runs it) reads them. */
  const answersOf = async (userId: string) => {
    const list = (await api('GET', '/events', { token: admin })).body.events as {
      id: string;
      attendees: { user_id: string; status: string }[];
    }[];
    const event = list.find((e) => e.id === eventId);
    return event?.attendees.filter((a) => a.user_id === userId).map((a) => a.status);
  };
  const room = (await waitUntil('the player to be a chat member', async () => {
    const res = await api('POST', '/chat', {
      token: admin,
      body: { name: ROOM, type: 'private', members: [olive.id] },
    });
    return res.status === 201 && (res.body.data as { id: string });
  })) as { id: string };
  expect(
    (
      await api('POST', `/chat/${room.id}/messages`, {
        token: olive.token,
        body: { content: 'Bring your boots', messageType: 'text', clientId: crypto.randomUUID() },
      })
    ).status,
  ).toBe(201);

  // Signed in, the worker installs once the page is usable and controls it after a reload.
  await logIn(page, player.email, player.password);
  await page.waitForURL('**/dashboard');
  await waitUntil('the service worker is active', () =>
    page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state === 'activated'),
  );
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // The dashboard's next event, the schedule and the chat room, visited online, are kept.
  const nextEvent = page.getByRole('group', { name: 'Next Event' });
  await waitUntil('the next event is shown', async () => {
    const text = (await nextEvent.textContent()) ?? '';
    return !text.includes('…') && text.length > 'Next Event'.length;
  });
  const nextEventOnline = await nextEvent.textContent();
  await page.goto('/schedule');
  await page.getByRole('article', { name: TITLE }).waitFor();
  await page.goto('/chat');
  await page.getByRole('button', { name: new RegExp(ROOM) }).click();
  const log = page.getByRole('log', { name: `Messages in ${ROOM}` });
  await log.getByText('Bring your boots').waitFor();
  await waitUntil('the schedule and the room are kept', async () => {
    const kept = (await cachedUrls(page))[PRIVATE_CACHE] ?? [];
    return (
      kept.includes('/api/events') &&
      kept.includes('/api/chat') &&
      kept.includes(`/api/chat/${room.id}/messages`)
    );
  });

  // Offline, each opens from what was last seen, marked as such with when.
  await context.setOffline(true);
  await page.goto('/dashboard');
  const shellLine = page.getByRole('status').filter({ hasText: 'Offline — last updated' });
  await shellLine.waitFor();
  expect((await shellLine.textContent())?.trim()).toMatch(OFFLINE_LINE);
  await waitUntil(
    'the next event shows as last seen',
    async () => (await nextEvent.textContent()) === nextEventOnline,
  );

  await page.goto('/schedule');
  const card = page.getByRole('article', { name: TITLE });
  await card.waitFor();
  await screenOfflineMarker(page).waitFor();
  expect((await screenOfflineMarker(page).textContent())?.trim()).toMatch(OFFLINE_LINE);
  // Only the screen's own marker says it (the shell's line stays away).
  expect(await shellLine.count()).toBe(1);

  // An RSVP made offline shows as chosen and waiting.
  const answers = card.getByRole('group', { name: `Your answer for ${TITLE}` });
  await answers.getByRole('button', { name: 'Going' }).click();
  await card.getByRole('status').filter({ hasText: 'Waiting to send' }).waitFor();
  expect(await answers.getByRole('button', { name: 'Going' }).getAttribute('aria-pressed')).toBe(
    'true',
  );
  expect(
    await page
      .getByRole('alert')
      .filter({ hasText: /RSVP|Waiting/ })
      .count(),
  ).toBe(0);

  // So does a chat message, in the room last seen.
  await page.goto('/chat');
  await page.getByRole('button', { name: new RegExp(ROOM) }).click();
  await log.getByText('Bring your boots').waitFor();
  await screenOfflineMarker(page).waitFor();
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Running late, sorry');
  await box.press('Enter');
  const waitingMessage = log.getByRole('listitem').filter({ hasText: 'Running late, sorry' });
  await waitingMessage.getByText('Waiting to send').waitFor();
  await waitUntil('the composer to clear', async () => (await box.inputValue()) === '');
  expect(await queuedSends(page)).toBe(2);

  // The network returns: both are sent, once each, and the markers go.
  await context.setOffline(false);
  await waitUntil('the queue to empty', async () => (await queuedSends(page)) === 0);
  await log.getByText('Running late, sorry').waitFor();
  await log.getByText('Waiting to send').waitFor({ state: 'detached' });
  await screenOfflineMarker(page).waitFor({ state: 'detached' });
  const messages = (await api('GET', `/chat/${room.id}/messages`, { token: olive.token })).body
    .messages as { content: string }[];
  expect(messages.filter((m) => m.content === 'Running late, sorry')).toHaveLength(1);
  expect(await answersOf(olive.id)).toEqual(['attending']);
  await page.goto('/schedule');
  await card.waitFor();
  expect(await answers.getByRole('button', { name: 'Going' }).getAttribute('aria-pressed')).toBe(
    'true',
  );
  expect(await card.getByText('Waiting to send').count()).toBe(0);
  expect(await screenOfflineMarker(page).count()).toBe(0);

  // A new deployment of the shell is offered with a prompt, and Reload moves to it.
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

  // Offline again, another answer waits; the member signs out: nothing of theirs stays in any
  // cache or in the queue, and the answer is never sent.
  await context.setOffline(true);
  await answers.getByRole('button', { name: 'Maybe' }).click();
  await card.getByRole('status').filter({ hasText: 'Waiting to send' }).waitFor();
  expect(await queuedSends(page)).toBe(1);
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  await waitUntil('the member answers and sends are gone', async () => {
    const all = await cachedUrls(page);
    const api = Object.values(all)
      .flat()
      .filter((p) => p.startsWith('/api/') && !p.startsWith('/api/settings'));
    return api.length === 0 && (await queuedSends(page)) === 0;
  });
  await context.setOffline(false);
  expect(await answersOf(olive.id)).toEqual(['attending']);

  await context.close();
}, 300_000);
