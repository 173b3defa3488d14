/**
 * Sends made without a signal (reference §2 "Installing and offline use"): an RSVP
 * (POST /api/events/{id}/rsvp, a guardian's for a child with `forUserId` in its body) and a chat
 * message (POST /api/chat/{id}/messages) that cannot reach the server are kept in the worker's
 * queue (workbox-background-sync's Queue, in IndexedDB) and answered 503 `waiting_to_send`; the
 * pages show them as waiting. They go out in order when the browser's background sync fires, when
 * the page says it is back online, or when a kept read reaches the network again. A send that
 * goes twice stores one answer: an RSVP sets the answer, a chat message carries its clientId.
 * Signing out empties the queue with the member's other kept data.
 */
import type { Queue } from 'workbox-background-sync';
import {
  WAITING_TO_SEND,
  WAITING_TO_SEND_CODE,
  type WaitingSend,
  type WorkerMessage,
} from '@teamapp/ui/src/offline/worker-messages';

/** The queue's name (its entries' `queueName` in workbox-background-sync's IndexedDB store). */
export const SEND_QUEUE = 'teamapp-sends';

/** The sends kept for later when offline: an RSVP and a chat message. */
export function isQueuedSend(method: string, pathname: string): boolean {
  return (
    method === 'POST' &&
    (/^\/api\/events\/[^/]+\/rsvp\/?$/.test(pathname) ||
      /^\/api\/chat\/[^/]+\/messages\/?$/.test(pathname))
  );
}

/** What the page gets for a send kept for later: a reference §8 error carrying the code. */
export function waitingAnswer(): Response {
  const body = { success: false, error: WAITING_TO_SEND, code: WAITING_TO_SEND_CODE };
  return new Response(JSON.stringify(body), {
    status: 503,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}

/** The parts of workbox-background-sync's Queue used here. */
export type SendStore = Pick<Queue, 'pushRequest' | 'replayRequests' | 'getAll' | 'shiftRequest'>;

export interface SendQueueDeps {
  store: SendStore;
  /** The network (the worker's fetch). */
  send: (request: Request) => Promise<Response>;
  /** Tells every page of the app. */
  tellPages: (message: WorkerMessage) => Promise<void>;
}

export function createSendQueue({ store, send, tellPages }: SendQueueDeps) {
  const waiting = async (): Promise<WaitingSend[]> =>
    Promise.all(
      (await store.getAll()).map(async (entry) => ({
        path: new URL(entry.request.url).pathname,
        body: await entry.request.text(),
        queuedAt: entry.timestamp ?? Date.now(),
      })),
    );
  const tellWaiting = async (sent: number) => {
    await tellPages({ type: 'SENDS_WAITING', sends: await waiting(), sent });
  };

  let replaying: Promise<void> | null = null;
  /** Sends what is waiting, once at a time; the pages hear what is left and how many went. */
  const replay = (): Promise<void> => {
    replaying ??= (async () => {
      const before = (await store.getAll()).length;
      if (before === 0) return;
      try {
        await store.replayRequests();
      } finally {
        const left = (await store.getAll()).length;
        await tellWaiting(Math.max(0, before - left));
      }
    })().finally(() => {
      replaying = null;
    });
    return replaying;
  };

  return {
    /** Sends `request`; without a network it is kept and the page hears it is waiting. */
    async handle(request: Request): Promise<Response> {
      const kept = request.clone();
      try {
        return await send(request);
      } catch {
        await store.pushRequest({ request: kept });
        await tellWaiting(0);
        return waitingAnswer();
      }
    },
    replay,
    /** Answers a page's question with what is waiting. */
    tellWaiting: () => tellWaiting(0),
    /** Drops everything waiting (sign-out: nothing of the member's stays). */
    async forget(): Promise<void> {
      while (await store.shiftRequest()) {
        // each kept send is dropped unsent
      }
      await tellWaiting(0);
    },
  };
}
