/**
 * What a remote publishes about itself at run time: its routes (path, exposed module, whether a
 * signed-out visitor may open it) and its menu entries (path, a label per role, sidebar order).
 * Each remote's build writes it as `routes.json` beside its remoteEntry.js; the shell reads it,
 * so a remote that adds a route or a menu entry ships it without a shell rebuild.
 *
 * Sidebar order follows reference §2 "App shell and navigation": Dashboard 10, Schedule 20, Players
 * 30, Users 40, Attendance 50, Availability 55, Club Development 60, Chat 70, News 80, Gallery
 * 90, Documents 100, Registration 110, Profile 120, Settings 130.
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

export interface NavEntry {
  path: string;
  /** The label for each role that sees the entry; a role not named does not see it. */
  labels: Partial<Record<Role, string>>;
  /** Position in the sidebar (see the order table above). */
  order: number;
}

export interface RemoteManifest {
  routes: readonly RemoteRouteEntry[];
  navigation: readonly NavEntry[];
}

const PATH = /^\/[a-z0-9-]*(?:\/[a-z0-9-]+)*$/;

function fail(reason: string): never {
  throw new Error(`invalid remote manifest: ${reason}`);
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) fail(`${what} is not an object`);
  return value as Record<string, unknown>;
}

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
    if (typeof route.expose !== 'string' || !route.expose.startsWith('./')) {
      fail(`routes[${i}].expose must start with ./`);
    }
    if (route.access !== 'public' && route.access !== 'signed-in') {
      fail(`routes[${i}].access must be public or signed-in`);
    }
    return {
      path: path(route.path, `routes[${i}].path`),
      expose: route.expose,
      access: route.access,
    };
  });

  const navigation = body.navigation.map((raw, i): NavEntry => {
    const entry = record(raw, `navigation[${i}]`);
    const labels: Partial<Record<Role, string>> = {};
    for (const [role, label] of Object.entries(record(entry.labels, `navigation[${i}].labels`))) {
      if (!(ROLES as readonly string[]).includes(role)) fail(`navigation[${i}] names role ${role}`);
      if (typeof label !== 'string' || !label.trim()) fail(`navigation[${i}] has a blank label`);
      labels[role as Role] = label;
    }
    if (typeof entry.order !== 'number' || !Number.isFinite(entry.order)) {
      fail(`navigation[${i}].order is not a number`);
    }
    return { path: path(entry.path, `navigation[${i}].path`), labels, order: entry.order };
  });

  return { routes, navigation };
}
