/**
 * What mfe_chat publishes: the modules it exposes, and its routes and menu entries (written to
 * routes.json at build time and read by the shell at run time). Its federation name and public
 * path are in platform.json. Menu order: see the table in @teamapp/ui's remote-manifest.ts.
 */
import type { RemoteManifest } from '@teamapp/ui';

export const title = 'TeamApp Chat';

export const exposes: Record<string, string> = {
  './ChatPage': './src/exposed/chat-page.tsx',
};

export const manifest = {
  routes: [{ path: '/chat', expose: './ChatPage', access: 'signed-in' }],
  navigation: [{ path: '/chat', labels: { admin: 'Chat', player: 'Chat' }, order: 70 }],
} satisfies RemoteManifest;
