/**
 * What mfe_schedule publishes: the modules it exposes, and its routes, menu entries and dashboard
 * widget (written to routes.json at build time and read by the shell at run time). Its federation
 * name and public path are in platform.json. Menu and dashboard order: see the tables in
 * @teamapp/ui's remote-manifest.ts.
 */
import type { RemoteManifest } from '@teamapp/ui';
import { remoteModules } from '@teamapp/webpack-config';

export const title = 'TeamApp Schedule';

const modules = remoteModules(
  {
    '/schedule': 'schedule-page',
    '/availability': 'availability-page',
    '/attendance': 'attendance-page',
    '/family': 'family-page',
  },
  ['dashboard-cards'],
);

export const { exposes } = modules;

export const manifest = {
  routes: modules.routes,
  navigation: [
    { path: '/schedule', labels: { admin: 'Schedule', player: 'Schedule' }, order: 20 },
    // Guardians answer for their children (docs/reference.md "Families").
    { path: '/family', labels: { guardian: 'Family' }, order: 25 },
    // A coach takes attendance for the teams they coach (docs/reference.md "Teams").
    { path: '/attendance', labels: { admin: 'Attendance', coach: 'Attendance' }, order: 50 },
    { path: '/availability', labels: { player: 'Availability' }, order: 55 },
  ],
  // Admins: Upcoming Events and Average Attendance; players: Next Event and Attendance Rate.
  widgets: [{ expose: './DashboardCards', order: { admin: 20, player: 10 } }],
} satisfies RemoteManifest;
