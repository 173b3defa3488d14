/**
 * What mfe_club publishes: the modules it exposes, and its routes, menu entries and dashboard
 * widget (written to routes.json at build time and read by the shell at run time). Its federation
 * name and public path are in platform.json. Menu and dashboard order: see the tables in
 * @teamapp/ui's remote-manifest.ts.
 * The showcase at / is public: the shell renders it for signed-out visitors too.
 */
import type { RemoteManifest } from '@teamapp/ui';

export const title = 'TeamApp Club';

export const exposes: Record<string, string> = {
  './PlayersPage': './src/exposed/players-page.tsx',
  './ClubDevelopmentPage': './src/exposed/club-development-page.tsx',
  './NewsPage': './src/exposed/news-page.tsx',
  './ShowcasePage': './src/exposed/showcase-page.tsx',
  './DashboardCards': './src/exposed/dashboard-cards.tsx',
};

export const manifest = {
  routes: [
    { path: '/players', expose: './PlayersPage', access: 'signed-in' },
    { path: '/club-development', expose: './ClubDevelopmentPage', access: 'signed-in' },
    { path: '/news', expose: './NewsPage', access: 'signed-in' },
    { path: '/', expose: './ShowcasePage', access: 'public' },
  ],
  navigation: [
    { path: '/players', labels: { admin: 'Players', player: 'Team Roster' }, order: 30 },
    // Reference §2: in the admin menu only; a player opening the address sees the board read only.
    { path: '/club-development', labels: { admin: 'Club Development' }, order: 60 },
    { path: '/news', labels: { admin: 'News', player: 'News' }, order: 80 },
  ],
  // Admins: Total Players; players: Team Members.
  widgets: [{ expose: './DashboardCards', order: { admin: 10, player: 30 } }],
} satisfies RemoteManifest;
