/**
 * What mfe_club publishes: the modules it exposes, and its routes and menu entries (written to
 * routes.json at build time and read by the shell at run time). Its federation name and public
 * path are in platform.json. Menu order: see the table in @teamapp/ui's remote-manifest.ts.
 */
import type { RemoteManifest } from '@teamapp/ui';

export const title = 'TeamApp Club';

export const exposes: Record<string, string> = {
  './ClubPage': './src/exposed/club-page.tsx',
};

export const manifest = {
  routes: [{ path: '/club', expose: './ClubPage', access: 'signed-in' }],
  navigation: [{ path: '/club', labels: { admin: 'Club', player: 'Club' }, order: 200 }],
} satisfies RemoteManifest;
