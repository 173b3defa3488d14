/**
 * What the shell's service worker and the app's pages tell each other (reference §2 "Installing
 * and offline use"). Plain data only: the worker imports this file on its own (no React, no zod).
 */

/** The error code of a send the worker kept to send later (answered 503 while offline). */
export const WAITING_TO_SEND_CODE = 'waiting_to_send';
/** The text of that answer, and of the marker beside what is waiting. */
export const WAITING_TO_SEND = 'Waiting to send';

/** A send kept by the worker: its path (`/api/...`), its JSON body, when it was made. */
export interface WaitingSend {
  path: string;
  body: string;
  queuedAt: number;
}

/** Page → worker. */
export type PageMessage =
  | { type: 'SKIP_WAITING' }
  | { type: 'SIGNED_OUT' }
  /** The page is back online: send what is waiting now. */
  | { type: 'SEND_WAITING' }
  /** Which sends are waiting (answered with SENDS_WAITING to this page). */
  | { type: 'WHICH_SENDS_WAITING' };

/** Worker → page. */
export type WorkerMessage =
  /** A kept answer was given instead of the network's: `storedAt` is when it was stored. */
  | { type: 'SERVED_FROM_CACHE'; url: string; storedAt: string }
  /** A kept read came from the network (what the page shows is current again). */
  | { type: 'SERVED_FRESH'; url: string }
  /** The sends still waiting; `sent` of them went through since the last message. */
  | { type: 'SENDS_WAITING'; sends: WaitingSend[]; sent: number };
