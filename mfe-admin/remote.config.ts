/**
 * What mfe_admin publishes: the modules it exposes, and its routes and menu entries (written to
 * routes.json at build time and read by the shell at run time). Adding a page here and
 * rebuilding this remote is all it takes for the page and its menu entry to appear.
 */
import type { RemoteManifest } from '@teamapp/ui';
import { remoteModules } from '@teamapp/webpack-config';

/** Its federation name and public path are in platform.json. */
export const title = 'TeamApp Admin';

const modules = remoteModules({
  '/users': 'users-page',
  '/settings': 'settings-page',
  '/teams': 'teams-page',
});

export const { exposes } = modules;

export const manifest = {
  routes: modules.routes,
  navigation: [
    // Players may open /users too (reference §6), but only admins have it in the menu (reference §2).
    { path: '/users', labels: { admin: 'Users' }, order: 40 },
    // Every member: club admins run the teams, coaches their rosters, players see their own.
    { path: '/teams', labels: { admin: 'Teams', player: 'Teams' }, order: 35 },
    { path: '/settings', labels: { admin: 'Settings' }, order: 130 },
  ],
} satisfies RemoteManifest;
