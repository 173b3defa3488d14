/**
 * Registers the service worker (service-worker.ts, built to /sw.js) once the page is usable:
 * after the load event and an idle moment, never on the way to a first paint (reference §2
 * "Installing and offline use"). workbox-window comes in its own chunk, fetched only then. The
 * signed-out first visit to /login never gets here (it starts with the light login page).
 */
import type { Workbox } from 'workbox-window';
import type { PageMessage } from './caches';

export const SERVICE_WORKER_URL = '/sw.js';

export interface Registered {
  /** Lets the waiting worker take over, then reloads the page on the new version. */
  activateWaiting: () => void;
}

/** Runs `task` after the load event, when the browser is idle. */
function whenUsable(task: () => void): void {
  const idle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(task, { timeout: 5000 })
      : window.setTimeout(task, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Registers the worker after the page is usable; `onWaiting` is called when a new version's
 * worker is installed and waiting (a deployment happened since this page loaded).
 */
export function registerServiceWorker(onWaiting: (registered: Registered) => void): void {
  if (!('serviceWorker' in navigator)) return;
  whenUsable(() => {
    void import(/* webpackChunkName: "sw-register" */ 'workbox-window').then(
      async ({ Workbox }) => {
        const wb: Workbox = new Workbox(SERVICE_WORKER_URL);
        const offer = () =>
          onWaiting({
            activateWaiting: () => {
              wb.addEventListener('controlling', () => window.location.reload());
              wb.messageSkipWaiting();
            },
          });
        const registration = await wb.register();
        if (!registration) return;
        // A new version found by this page's check or by the browser's own (on navigation, maybe
        // before this ran): offered once installed, while an older version controls the page.
        const watch = (worker: ServiceWorker | null) =>
          worker?.addEventListener('statechange', () => {
            if (worker.state === 'installed' && navigator.serviceWorker.controller) offer();
          });
        if (registration.waiting && navigator.serviceWorker.controller) offer();
        watch(registration.installing);
        registration.addEventListener('updatefound', () => watch(registration.installing));
        // A page left open checks for a new deployment when it comes back to the front.
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') void wb.update();
        });
      },
    );
  });
}

/** Tells every worker of this page (active and waiting) something. */
export async function tellWorkers(message: PageMessage): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  navigator.serviceWorker.controller?.postMessage(message);
  registration?.waiting?.postMessage(message);
  registration?.active?.postMessage(message);
}
