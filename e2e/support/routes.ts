/**
 * The platform's route list, as the end-to-end checks that walk every screen see it. One function
 * answers it, so where the list comes from can change in one place: today reference §2's route table
 * plus whatever the signed-in sidebar links to (a remote's own menu entry is walked without
 * editing any test); later the routes remotes declare in /remotes.json.
 */
import type { Page } from 'playwright-core';

export type Visitor = 'signed-out' | 'admin' | 'player';

/** Reference §2: the routes a signed-out visitor may open. */
const SIGNED_OUT_ROUTES = ['/', '/login', '/reset-password'];

/** Reference §2: the signed-in routes. Both roles may open each (a player sees notices on some). */
const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/schedule',
  // Families: a guardian's children; anyone else reads that none are linked to them.
  '/family',
  '/players',
  '/availability',
  '/attendance',
  '/club-development',
  '/chat',
  '/news',
  '/gallery',
  '/documents',
  '/registration',
  '/settings',
  '/users',
  '/profile',
];

/** Same-origin paths the main navigation links to, as rendered for the signed-in user. */
async function navigationPaths(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('nav a[href]')]
      .map((a) => new URL(a.href, location.href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname),
  );
}

/**
 * Every route `visitor` can open, in a stable order. For signed-in visitors `page` must show a
 * signed-in screen, so the sidebar's links can be read.
 */
export async function routesFor(visitor: Visitor, page: Page): Promise<string[]> {
  if (visitor === 'signed-out') return [...SIGNED_OUT_ROUTES];
  const fromNavigation = await navigationPaths(page);
  return [...new Set([...SIGNED_IN_ROUTES, ...fromNavigation])];
}
