/**
 * What a remote publishes about itself at run time: its routes (path, exposed module, whether a
 * signed-out visitor may open it), its menu entries (path, a label per role, sidebar order) and
 * its dashboard widgets (exposed module, a position per role). Each remote's build writes it as
 * `routes.json` beside its remoteEntry.js; the shell reads it, so a remote that adds a route, a
 * menu entry or a dashboard card ships it without a shell rebuild.
 *
 * Sidebar order follows reference §2 "App shell and navigation": Dashboard 10, Schedule 20, Family
 * 25, Players 30, Teams 35 (docs/reference.md "Teams"), Users 40, Attendance 50, Availability 55, Club
 * Development 60, Chat 70, News 80, Gallery 90, Documents 100, Registration 110, Profile 120,
 * Settings 130. A menu entry's labels are per club role, plus `coach`: a member (club role player)
 * who coaches at least one active team (docs/reference.md "Teams") sees an entry's coach label,
 * else its player label, so an entry for those who run a team names `admin` and `coach`. A member
 * whose session names children (docs/reference.md "Families") is also a `guardian`: an entry
 * only for guardians (Family 25) names `guardian` alone, and nobody else sees it.
 *
 * Dashboard order follows reference §2 Dashboard: for admins Total Players 10, Upcoming Events and
 * Average Attendance 20, Active Chats 40; for players Next Event and Attendance Rate 10, Team
 * Members 30, Active Chats 40.
 */
import { ROLES, type Role } from '@teamapp/contracts';

/** The file name a remote's manifest is served under, next to its remoteEntry.js. */
export const REMOTE_MANIFEST_FILE = 'routes.json';

export type RouteAccess = 'public' | 'signed-in';

export interface RemoteRouteEntry {
  /** An absolute path without parameters (reference §2: no route has parameters), e.g. `/users`. */
  path: string;
  /** The exposed module that renders it, as in the remote's `exposes`, e.g. `./UsersPage`. */
  expose: string;
  /** `public` routes render signed out too, outside the app layout. */
  access: RouteAccess;
}

/** Who a menu label is for: a club role, a player who coaches a team, or a guardian. */
export const MENU_KINDS = [...ROLES, 'coach', 'guardian'] as const;
export type MenuKind = (typeof MENU_KINDS)[number];

export interface NavEntry {
  path: string;
  /**
   * The label for each kind of member that sees the entry; one not named does not see it (a
   * coach falls back to the player label).
   */
  labels: Partial<Record<MenuKind, string>>;
  /** Position in the sidebar (see the order table above). */
  order: number;
}

/**
 * A dashboard widget: an exposed module whose default export renders the remote's stat card(s)
 * (as grid cells, StatCard), from the data the remote owns.
 */
export interface DashboardWidget {
  /** The exposed module, as in the remote's `exposes`, e.g. `./DashboardCards`. */
  expose: string;
  /** Its position on the dashboard for each role that sees it; a role not named does not. */
  order: Partial<Record<Role, number>>;
}

export interface RemoteManifest {
  routes: readonly RemoteRouteEntry[];
  navigation: readonly NavEntry[];
  /** Dashboard widgets; none when absent. */
  widgets?: readonly DashboardWidget[];
}

const PATH = /^\/[a-z0-9-]*(?:\/[a-z0-9-]+)*$/;

function fail(reason: string): never {
  throw new Error(`invalid remote manifest: ${reason}`);
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) fail(`${what} is not an object`);
  return value as Record<string, unknown>;
}

function exposed(value: unknown, what: string): string {
  if (typeof value !== 'string' || !value.startsWith('./')) fail(`${what} must start with ./`);
  return value;
}

const isOrder = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function path(value: unknown, what: string): string {
  if (typeof value !== 'string' || !PATH.test(value)) fail(`${what} is not a plain path`);
  return value;
}

/** Checks a manifest read from the network; throws naming the first problem. */
export function parseRemoteManifest(value: unknown): RemoteManifest {
  const body = record(value, 'the manifest');
  if (!Array.isArray(body.routes)) fail('routes is not a list');
  if (!Array.isArray(body.navigation)) fail('navigation is not a list');

  const routes = body.routes.map((raw, i): RemoteRouteEntry => {
    const route = record(raw, `routes[${i}]`);
    if (route.access !== 'public' && route.access !== 'signed-in') {
      fail(`routes[${i}].access must be public or signed-in`);
    }
    return {
      path: path(route.path, `routes[${i}].path`),
      expose: exposed(route.expose, `routes[${i}].expose`),
      access: route.access,
    };
  });

  const navigation = body.navigation.map((raw, i): NavEntry => {
    const entry = record(raw, `navigation[${i}]`);
    const labels: Partial<Record<MenuKind, string>> = {};
    for (const [kind, label] of Object.entries(record(entry.labels, `navigation[${i}].labels`))) {
      if (!(MENU_KINDS as readonly string[]).includes(kind)) {
        fail(`navigation[${i}] names role ${kind}`);
      }
      if (typeof label !== 'string' || !label.trim()) fail(`navigation[${i}] has a blank label`);
      labels[kind as MenuKind] = label;
    }
    if (!isOrder(entry.order)) fail(`navigation[${i}].order is not a number`);
    return { path: path(entry.path, `navigation[${i}].path`), labels, order: entry.order };
  });

  const listed: unknown[] =
    body.widgets === undefined
      ? []
      : Array.isArray(body.widgets)
        ? body.widgets
        : fail('widgets is not a list');
  const widgets = listed.map((raw, i): DashboardWidget => {
    const widget = record(raw, `widgets[${i}]`);
    const order: Partial<Record<Role, number>> = {};
    for (const [role, at] of Object.entries(record(widget.order, `widgets[${i}].order`))) {
      if (!(ROLES as readonly string[]).includes(role)) fail(`widgets[${i}] names role ${role}`);
      if (!isOrder(at)) fail(`widgets[${i}].order.${role} is not a number`);
      order[role as Role] = at;
    }
    return { expose: exposed(widget.expose, `widgets[${i}].expose`), order };
  });

  return { routes, navigation, widgets };
}
