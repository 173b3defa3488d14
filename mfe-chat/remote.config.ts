/**
 * What mfe_chat publishes: the modules it exposes, and its routes, menu entries and dashboard
 * widget (written to routes.json at build time and read by the shell at run time). Its federation
 * name and public path are in platform.json. Menu and dashboard order: see the tables in
 * @teamapp/ui's remote-manifest.ts.
 */
import type { RemoteManifest } from '@teamapp/ui';

export const title = 'TeamApp Chat';

export const exposes: Record<string, string> = {
  './ChatPage': './src/exposed/chat-page.tsx',
  './DashboardCards': './src/exposed/dashboard-cards.tsx',
};

export const manifest = {
  routes: [{ path: '/chat', expose: './ChatPage', access: 'signed-in' }],
  navigation: [{ path: '/chat', labels: { admin: 'Chat', player: 'Chat' }, order: 70 }],
  // Active Chats, for everyone.
  widgets: [{ expose: './DashboardCards', order: { admin: 40, player: 40 } }],
} satisfies RemoteManifest;
