/**
 * What mfe_club publishes: the modules it exposes, and its routes, menu entries and dashboard
 * widget (written to routes.json at build time and read by the shell at run time). Its federation
 * name and public path are in platform.json. Menu and dashboard order: see the tables in
 * @teamapp/ui's remote-manifest.ts.
 * The showcase at / is public: the shell renders it for signed-out visitors too.
 */
import type { RemoteManifest } from '@teamapp/ui';
import { remoteModules } from '@teamapp/webpack-config';

export const title = 'TeamApp Club';

const modules = remoteModules(
  {
    '/players': 'players-page',
    '/club-development': 'club-development-page',
    '/news': 'news-page',
    '/': ['showcase-page', 'public'],
  },
  ['dashboard-cards'],
);

export const { exposes } = modules;

export const manifest = {
  routes: modules.routes,
  navigation: [
    { path: '/players', labels: { admin: 'Players', player: 'Team Roster' }, order: 30 },
    // Reference §2: in the admin menu only; a player opening the address sees the board read only.
    { path: '/club-development', labels: { admin: 'Club Development' }, order: 60 },
    { path: '/news', labels: { admin: 'News', player: 'News' }, order: 80 },
  ],
  // Admins: Total Players; players: Team Members.
  widgets: [{ expose: './DashboardCards', order: { admin: 10, player: 30 } }],
} satisfies RemoteManifest;
