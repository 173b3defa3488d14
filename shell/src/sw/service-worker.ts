/**
 * The shell's service worker (reference §2 "Installing and offline use"), built by the shell's
 * webpack config (workbox-webpack-plugin's InjectManifest) into /sw.js:
 * - the shell's own build is precached (self.__WB_MANIFEST, filled in by the build), so the app
 *   opens without a signal; a navigation asks the server first and falls back to the cached page;
 * - the remotes change on their own deployments: their entry files, routes manifests and
 *   /remotes.json are asked for on the network first (the cache answers only offline, so a new
 *   deployment never mixes with an old one), their content-hashed chunks come from the cache;
 * - the member's schedule, the next event, the roster and the chat (isKeptApiRead) are asked
 *   for on the network first and kept; offline the last answer is given, marked with when it was
 *   stored (FROM_CACHE_HEADER), and the page is told (SERVED_FROM_CACHE);
 * - an RSVP or a chat message sent without a network is kept and sent when the network is back
 *   (send-queue.ts); the pages hear what is waiting (SENDS_WAITING);
 * - at sign-out the page empties the member's cache and tells the worker (SIGNED_OUT), which
 *   empties its own and the queue of waiting sends;
 * - a new worker waits until the page says SKIP_WAITING (its "Reload" prompt);
 * - pushes show as notifications, a reminder's answering from its Going and Can't Go
 *   (push-handlers.ts).
 */
import { Queue } from 'workbox-background-sync';
import { cacheNames, type WorkboxPlugin } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  FROM_CACHE_HEADER,
  isKeptApiRead,
  NOT_SHELL_PAGES,
  PRIVATE_CACHE,
  REMOTES_CACHE,
  STORED_AT_HEADER,
  type PageMessage,
  type WorkerMessage,
} from './caches';
import { registerPushHandlers, type PushScope } from './push-handlers';
import { createSendQueue, isQueuedSend, SEND_QUEUE } from './send-queue';

/** An install, activate or message event: the worker stays up until `waitUntil`'s promise ends. */
interface LastingEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}

/** The parts of the service worker's global scope used here (TypeScript's DOM lib lacks it). */
declare const self: {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  location: Location;
  skipWaiting(): Promise<void>;
  clients: {
    get(id: string): Promise<WindowClient | undefined>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
  };
  addEventListener(type: 'install' | 'activate', listener: (event: LastingEvent) => void): void;
  addEventListener(
    type: 'message',
    listener: (event: LastingEvent & { data: unknown; source: WindowClient | null }) => void,
  ): void;
};

/** A page of the app, as the worker sees it. */
interface WindowClient {
  postMessage(message: WorkerMessage): void;
}

// ---- The shell's build -------------------------------------------------------------------

// No directory index: `/` is the server-rendered showcase, not the shell's page.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();

const SHELL_PAGE = '/index.html';
const networkPages = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await networkPages.handle(options);
      } catch {
        const page = await matchPrecache(SHELL_PAGE);
        if (page) return page;
        throw new Error(`${options.url.pathname}: offline and no page kept`);
      }
    },
    { denylist: NOT_SHELL_PAGES },
  ),
);

// ---- The remotes -------------------------------------------------------------------------

const onlyOk = new CacheableResponsePlugin({ statuses: [200] });
const sameOrigin = (url: URL) => url.origin === self.location.origin;
const isRemoteDirectory = (url: URL) =>
  url.pathname === '/remotes.json' ||
  /^\/mfe\/[^/]+\/(remoteEntry\.js|routes\.json)$/.test(url.pathname);

registerRoute(
  ({ url }) => sameOrigin(url) && isRemoteDirectory(url),
  new NetworkFirst({ cacheName: REMOTES_CACHE, plugins: [onlyOk] }),
);
registerRoute(
  ({ url }) => sameOrigin(url) && /^\/mfe\/[^/]+\/.+\.[0-9a-f]{8}\.(js|css)$/.test(url.pathname),
  new CacheFirst({
    cacheName: REMOTES_CACHE,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })],
  }),
);

/** At install: each remote's entry file and routes manifest, so the app opens offline. */
async function keepRemoteDirectory(): Promise<void> {
  const cache = await caches.open(REMOTES_CACHE);
  const answer = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!answer.ok) return;
  await cache.put('/remotes.json', answer.clone());
  const remotes = (await answer.json()) as Record<string, string>;
  await Promise.all(
    Object.values(remotes).flatMap((entry) => [
      cache.add(new Request(entry, { cache: 'no-cache' })),
      cache.add(
        new Request(entry.replace(/remoteEntry\.js$/, 'routes.json'), { cache: 'no-cache' }),
      ),
    ]),
  );
}

self.addEventListener('install', (event) => {
  // A remote that is down must not stop the worker from installing: it is kept when next read.
  event.waitUntil(keepRemoteDirectory().catch(() => undefined));
});

// ---- Sends made offline ------------------------------------------------------------------

const sends = createSendQueue({
  // The browser's background sync sends them when it sees a network (where it has one).
  store: new Queue(SEND_QUEUE, { onSync: () => sends.replay() }),
  send: (request) => fetch(request),
  tellPages: async (message) => {
    const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const page of pages) page.postMessage(message);
  },
});

registerRoute(
  ({ url, request }) => sameOrigin(url) && isQueuedSend(request.method, url.pathname),
  ({ request }) => sends.handle(request),
  'POST',
);

// ---- The member's own answers ------------------------------------------------------------

/** Stamps what is stored with its time, and marks what the cache answers with it. */
const stamped: WorkboxPlugin = {
  cacheWillUpdate: async ({ response, request, event }) => {
    if (response.status !== 200) return null;
    // The network answers again: what is on screen is current, and waiting sends can go.
    const clientId = (event as { clientId?: string } | undefined)?.clientId;
    const client = clientId ? await self.clients.get(clientId) : undefined;
    client?.postMessage({ type: 'SERVED_FRESH', url: request.url });
    void sends.replay().catch(() => undefined);
    const headers = new Headers(response.headers);
    headers.set(STORED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), { status: 200, headers });
  },
  cachedResponseWillBeUsed: async ({ cachedResponse, request, event }) => {
    if (!cachedResponse) return null;
    const storedAt = cachedResponse.headers.get(STORED_AT_HEADER) ?? '';
    const headers = new Headers(cachedResponse.headers);
    headers.set(FROM_CACHE_HEADER, storedAt);
    const clientId = (event as { clientId?: string } | undefined)?.clientId;
    const client = clientId ? await self.clients.get(clientId) : undefined;
    const message: WorkerMessage = { type: 'SERVED_FROM_CACHE', url: request.url, storedAt };
    client?.postMessage(message);
    return new Response(await cachedResponse.blob(), { status: 200, headers });
  },
};

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && isKeptApiRead(url.pathname),
  new NetworkFirst({
    cacheName: PRIVATE_CACHE,
    // Offline answers come at once; a slow network still gets 4 s before the kept answer.
    networkTimeoutSeconds: 4,
    plugins: [stamped, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
  }),
);

// ---- Messages from the page --------------------------------------------------------------

self.addEventListener('message', (event) => {
  const message = event.data as PageMessage | undefined;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  // Nothing of the member's stays once they sign out: kept answers, sends still waiting.
  if (message?.type === 'SIGNED_OUT') {
    event.waitUntil(Promise.all([caches.delete(PRIVATE_CACHE), sends.forget()]));
  }
  // Back online (the browser's own sync may not come soon, or at all): send what waits.
  if (message?.type === 'SEND_WAITING') event.waitUntil(sends.replay().catch(() => undefined));
  if (message?.type === 'WHICH_SENDS_WAITING') event.waitUntil(sends.tellWaiting());
});

self.addEventListener('activate', (event) => {
  // Caches of an older naming scheme (anything ours not in use) go with the old worker.
  const ours = new Set([PRIVATE_CACHE, REMOTES_CACHE, cacheNames.precache, cacheNames.runtime]);
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('teamapp-') && !ours.has(name))
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

// ---- Push notifications ------------------------------------------------------------------

// The profile's push subscriptions reach the member through this worker (push-handlers.ts).
registerPushHandlers(self as unknown as PushScope);
