/**
 * What mfe_chat publishes: the modules it exposes, and its routes, menu entries and dashboard
 * widget (written to routes.json at build time and read by the shell at run time). Its federation
 * name and public path are in platform.json. Menu and dashboard order: see the tables in
 * @teamapp/ui's remote-manifest.ts.
 */
import type { RemoteManifest } from '@teamapp/ui';
import { remoteModules } from '@teamapp/webpack-config';

export const title = 'TeamApp Chat';

const modules = remoteModules({ '/chat': 'chat-page' }, ['dashboard-cards']);

export const { exposes } = modules;

export const manifest = {
  routes: modules.routes,
  navigation: [{ path: '/chat', labels: { admin: 'Chat', player: 'Chat' }, order: 70 }],
  // Active Chats, for everyone.
  widgets: [{ expose: './DashboardCards', order: { admin: 40, player: 40 } }],
} satisfies RemoteManifest;
