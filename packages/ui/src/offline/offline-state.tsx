/**
 * What a page knows of the service worker's offline work (reference §2 "Installing and offline
 * use"), one store for the whole page (@teamapp/ui is a federation singleton): which answers on
 * screen came from the worker's cache and when they were stored, and which sends (an RSVP, a chat
 * message) it keeps to send when the network is back. The screens read it through the hooks here:
 * `OfflineNote` says "Offline — last updated …" for the screen's own data, `useWaitingSends`
 * lists what is waiting, so a screen marks it "Waiting to send".
 */
import { useEffect, useSyncExternalStore } from 'react';
import { Paper, Text } from '@mantine/core';
import { isApiError } from '@teamapp/api-client';
import { LiveRegion } from '../a11y/live-region';
import {
  WAITING_TO_SEND_CODE,
  type PageMessage,
  type WaitingSend,
  type WorkerMessage,
} from './worker-messages';

interface OfflineState {
  /** The answers on screen given from the worker's cache: when each was stored, by URL. */
  fromCache: ReadonlyMap<string, string>;
  /** The sends the worker keeps until the network is back, oldest first. */
  waiting: readonly WaitingSend[];
  /** How many screens show their own offline note (the shell's line then stays away). */
  notes: number;
}

const EMPTY: OfflineState = { fromCache: new Map(), waiting: [], notes: 0 };
let state: OfflineState = EMPTY;
const listeners = new Set<() => void>();
const deliveredListeners = new Set<() => void>();

function update(next: Partial<OfflineState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Takes in one message of the worker's. */
export function takeWorkerMessage(message: WorkerMessage | undefined): void {
  switch (message?.type) {
    case 'SERVED_FROM_CACHE':
      update({ fromCache: new Map(state.fromCache).set(message.url, message.storedAt) });
      break;
    case 'SERVED_FRESH':
      if (state.fromCache.has(message.url)) {
        const fromCache = new Map(state.fromCache);
        fromCache.delete(message.url);
        update({ fromCache });
      }
      break;
    case 'SENDS_WAITING':
      update({ waiting: message.sends });
      if (message.sent > 0) for (const listener of deliveredListeners) listener();
      break;
    default:
      break;
  }
}

/** Tells the worker controlling this page, if any. */
function tellWorker(message: PageMessage): void {
  navigator.serviceWorker.controller?.postMessage(message);
}

let watching = false;
/**
 * Starts listening to the worker (once; the shell calls it at start, before any screen reads,
 * so no message is missed) and, back online, has it send what is waiting.
 */
export function watchServiceWorker(): void {
  if (watching || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  watching = true;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<WorkerMessage>) =>
    takeWorkerMessage(event.data),
  );
  window.addEventListener('online', () => {
    update({ fromCache: new Map() });
    tellWorker({ type: 'SEND_WAITING' });
  });
  // What was left waiting by an earlier visit.
  void navigator.serviceWorker.ready.then((registration) => {
    const ask: PageMessage = { type: 'WHICH_SENDS_WAITING' };
    registration.active?.postMessage(ask);
    if (navigator.onLine) tellWorker({ type: 'SEND_WAITING' });
  });
}

/** Sign-out: the page forgets what it knew of the member's kept answers and sends. */
export function forgetOfflineState(): void {
  update({ fromCache: new Map(), waiting: [] });
}

/** Calls `listener` whenever waiting sends went through (the screens' data then changed). */
export function onSendsDelivered(listener: () => void): () => void {
  deliveredListeners.add(listener);
  return () => deliveredListeners.delete(listener);
}

/** True for the answer of a send the worker kept to send later (503 `waiting_to_send`). */
export function isWaitingToSend(error: unknown): boolean {
  return isApiError(error) && error.code === WAITING_TO_SEND_CODE;
}

/** The sends waiting for the network, oldest first. */
export function useWaitingSends(): readonly WaitingSend[] {
  return useSyncExternalStore(
    subscribe,
    () => state.waiting,
    () => EMPTY.waiting,
  );
}

/** When the oldest answer on screen from the cache whose path matches was stored, else null. */
function oldestFromCache(paths: RegExp): string | null {
  let oldest: string | null = null;
  for (const [url, storedAt] of state.fromCache) {
    if (!paths.test(new URL(url, 'http://local').pathname)) continue;
    if (oldest === null || storedAt < oldest) oldest = storedAt;
  }
  return oldest;
}

/**
 * When the screen's data, read from paths matching `paths` (any when omitted), was last updated
 * if some of it came from the worker's cache (offline); null while it is current.
 */
export function useOfflineSince(paths: RegExp = /./): string | null {
  return useSyncExternalStore(
    subscribe,
    () => oldestFromCache(paths),
    () => null,
  );
}

/** True while some screen shows its own offline note. */
export function useScreenOfflineNote(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => state.notes > 0,
    () => false,
  );
}

/** "Nov 28, 2026, 9:41 AM" (US English), or "earlier" when the time is unknown. */
export function lastUpdatedText(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? 'earlier'
    : at.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** The line that says a screen shows what was last seen, and when that was. */
export function OfflineLine({ since }: { since: string }) {
  return (
    <Paper withBorder p="xs" bg="yellow.0">
      <Text size="sm">Offline — last updated {lastUpdatedText(since)}</Text>
    </Paper>
  );
}

/**
 * A screen's own offline marker, for its data read from paths matching `paths`: a polite status
 * region, always there, which says "Offline — last updated …" while that data came from the
 * worker's cache.
 */
export function OfflineNote({ paths }: { paths: RegExp }) {
  const since = useOfflineSince(paths);
  useEffect(() => {
    update({ notes: state.notes + 1 });
    return () => update({ notes: state.notes - 1 });
  }, []);
  return <LiveRegion>{since !== null && <OfflineLine since={since} />}</LiveRegion>;
}
