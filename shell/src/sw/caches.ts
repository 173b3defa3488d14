/**
 * What the service worker keeps and where (reference §2 "Installing and offline use"), shared by
 * the worker (service-worker.ts) and the page (pwa-runtime.tsx): the cache names, the member's
 * own answers it keeps for offline use, and the messages the two send each other.
 */

/** The member's own answers (schedule, next event, roster, chat): emptied at sign-out. */
export const PRIVATE_CACHE = 'teamapp-member-answers';
/** The remotes' code: entry files and routes manifests (network first), hashed chunks. */
export const REMOTES_CACHE = 'teamapp-remotes';
/** The header the worker adds to an answer it gives from the cache: when it was stored. */
export const FROM_CACHE_HEADER = 'X-From-Cache';
/** The header a stored answer carries: when it came from the network. */
export const STORED_AT_HEADER = 'X-Stored-At';

/**
 * The API reads kept for offline use, by path (GET only): the schedule and an event's details
 * (/api/events, /api/events/:id), the roster (/api/user/team, /api/teams, a team's members) and
 * the chat (the rooms and a room's latest messages). Nothing else of the API is kept.
 */
export function isKeptApiRead(pathname: string): boolean {
  return (
    /^\/api\/events(\/[^/]+)?\/?$/.test(pathname) ||
    /^\/api\/user\/team\/?$/.test(pathname) ||
    /^\/api\/teams(\/[^/]+(\/members)?)?\/?$/.test(pathname) ||
    /^\/api\/chat\/?$/.test(pathname) ||
    /^\/api\/chat\/[^/]+\/messages\/?$/.test(pathname)
  );
}

/** Paths a navigation must reach the server for (never the shell's page from the cache). */
export const NOT_SHELL_PAGES = [/^\/api\//, /^\/admin\/queues/, /^\/dev\/mail/, /^\/uploads\//];

// The messages the page and the worker send each other (the remotes' screens hear them too).
export type { PageMessage, WorkerMessage } from '@teamapp/ui/src/offline/worker-messages';
