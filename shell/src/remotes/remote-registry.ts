/**
 * Runtime remotes. The shell never bakes remotes into its build: it fetches /remotes.json
 * (rendered by the gateway from the platform registry: `{ "mfe_admin": "/mfe/admin/remoteEntry.js" }`,
 * remotes not deployed are absent), then each remote's own routes.json beside its entry, which
 * names the remote's routes, menu entries and dashboard widgets. Routes, the sidebar and the
 * dashboard's cards are built from those at run time, so a remote that adds a page or a card ships
 * it by rebuilding and redeploying itself alone.
 */
import type { ComponentType } from 'react';
import { useEffect, useSyncExternalStore } from 'react';
import type { Role } from '@teamapp/contracts';
import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  parseRemoteManifest,
  REMOTE_MANIFEST_FILE,
  type DashboardWidget,
  type NavEntry,
  type RemoteManifest,
  type RouteAccess,
} from '@teamapp/ui';

export const MANIFEST_URL = '/remotes.json';

/** A route a remote owns: where it is, which remote and which exposed module render it. */
export interface RemoteRoute {
  path: string;
  remote: string;
  /** The exposed module, as in the remote's manifest (`./UsersPage`). */
  expose: string;
  access: RouteAccess;
}

/** A dashboard widget and the remote that exposes it. */
export interface RemoteWidget extends DashboardWidget {
  remote: string;
}

export interface DeployedRemote {
  name: string;
  entry: string;
  /** Null while unknown: its routes.json could not be loaded or read. */
  manifest: RemoteManifest | null;
}

export interface Federation {
  status: 'loading' | 'ready';
  /** /remotes.json itself could not be loaded. */
  listFailed: boolean;
  remotes: readonly DeployedRemote[];
  /** Routes by path, each claimed once (the shell's own paths are never given away). */
  routes: readonly RemoteRoute[];
  /** The remotes' menu entries for the routes they own. */
  navigation: readonly NavEntry[];
  /** Every remote's dashboard widgets, in remote name order (the dashboard sorts them by role). */
  widgets: readonly RemoteWidget[];
  /** Some remote's routes are unknown, so an unmatched path may be one of them. */
  incomplete: boolean;
}

/** Why a remote could not be shown; the message is for people. */
export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: string,
    readonly reason: 'not-deployed' | 'manifest' | 'load-failed',
    message: string,
  ) {
    super(message);
    this.name = 'RemoteUnavailableError';
  }
}

/** Paths the shell serves itself (its own pages); a remote claiming one is ignored. */
export const SHELL_PATHS: ReadonlySet<string> = new Set([
  '/login',
  '/reset-password',
  '/dashboard',
  '/profile',
  '/gallery',
  '/documents',
  '/registration',
]);

/**
 * Routes, menu entries and dashboard widgets from the deployed remotes' manifests. Remotes are
 * taken in name order so a clash (two remotes claiming one path) resolves the same way
 * everywhere; the loser's route and menu entry are dropped with a console warning.
 */
export function resolveRemotes(
  remotes: readonly DeployedRemote[],
): Pick<Federation, 'routes' | 'navigation' | 'widgets'> {
  const routes: RemoteRoute[] = [];
  const navigation: NavEntry[] = [];
  const widgets: RemoteWidget[] = [];
  const owner = new Map<string, string>();
  for (const remote of [...remotes].sort((a, b) => a.name.localeCompare(b.name))) {
    if (!remote.manifest) continue;
    for (const route of remote.manifest.routes) {
      const taken = SHELL_PATHS.has(route.path) ? 'shell' : owner.get(route.path);
      if (taken) {
        console.warn(`${remote.name} claims ${route.path}, which ${taken} serves; ignored`);
        continue;
      }
      owner.set(route.path, remote.name);
      routes.push({ ...route, remote: remote.name });
    }
    for (const entry of remote.manifest.navigation) {
      if (owner.get(entry.path) === remote.name) navigation.push(entry);
    }
    for (const widget of remote.manifest.widgets ?? [])
      widgets.push({ ...widget, remote: remote.name });
  }
  return { routes, navigation, widgets };
}

function snapshotOf(
  status: Federation['status'],
  listFailed: boolean,
  remotes: DeployedRemote[],
): Federation {
  return {
    status,
    listFailed,
    remotes,
    ...resolveRemotes(remotes),
    incomplete: listFailed || remotes.some((r) => r.manifest === null),
  };
}

let snapshot: Federation = snapshotOf('loading', false, []);
const listeners = new Set<() => void>();
let inflight: Promise<Federation> | null = null;

function publish(next: Federation) {
  snapshot = next;
  for (const listener of listeners) listener();
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

async function fetchRemoteList(): Promise<Record<string, string>> {
  const body = await fetchJson(MANIFEST_URL);
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new Error('remotes.json is not an object');
  }
  const list: Record<string, string> = {};
  for (const [name, entry] of Object.entries(body as Record<string, unknown>)) {
    if (typeof entry === 'string' && entry) list[name] = entry;
  }
  return list;
}

/** routes.json lives beside the remote's entry: /mfe/admin/remoteEntry.js → /mfe/admin/routes.json. */
export function manifestUrlFor(entry: string): string {
  return new URL(REMOTE_MANIFEST_FILE, new URL(entry, window.location.href)).toString();
}

async function fetchManifest(entry: string): Promise<RemoteManifest | null> {
  try {
    return parseRemoteManifest(await fetchJson(manifestUrlFor(entry)));
  } catch (error) {
    console.warn(`remote manifest ${manifestUrlFor(entry)} unusable`, error);
    return null;
  }
}

async function fetchFederation(): Promise<Federation> {
  let list: Record<string, string>;
  try {
    list = await fetchRemoteList();
  } catch {
    return snapshotOf('ready', true, []);
  }
  const remotes = await Promise.all(
    Object.entries(list).map(async ([name, entry]): Promise<DeployedRemote> => ({
      name,
      entry,
      manifest: await fetchManifest(entry),
    })),
  );
  return snapshotOf('ready', false, remotes);
}

/**
 * Loads (or, with `refresh`, reloads) the remote list and every remote's manifest. Concurrent
 * callers share one load; the last good snapshot stays visible while a refresh runs.
 */
export function loadFederation(refresh = false): Promise<Federation> {
  if (inflight) return inflight;
  if (snapshot.status === 'ready' && !refresh) return Promise.resolve(snapshot);
  inflight = fetchFederation()
    .then((next) => {
      publish(next);
      return next;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getFederation(): Federation {
  return snapshot;
}

/** The current federation; starts loading it on first use. */
export function useFederation(): Federation {
  const current = useSyncExternalStore(subscribe, getFederation);
  useEffect(() => {
    void loadFederation();
  }, []);
  return current;
}

/** For tests: forget what was loaded. */
export function resetFederation(next?: Federation) {
  inflight = null;
  publish(next ?? snapshotOf('loading', false, []));
}

/** For tests: a ready federation made of the given remotes. */
export function federationOf(remotes: DeployedRemote[], listFailed = false): Federation {
  return snapshotOf('ready', listFailed, remotes);
}

let runtimeReady = false;
const registered = new Map<string, string>();

function ensureRuntime() {
  if (runtimeReady) return;
  // Attaches to the instance the build plugin created (same name), so shared singletons apply.
  init({ name: 'shell', remotes: [] });
  runtimeReady = true;
}

interface ExposedModule {
  default?: ComponentType;
}

/** The widgets a role sees, in their declared order (ties in remote name order). */
export function widgetsFor(widgets: readonly RemoteWidget[], role: Role): RemoteWidget[] {
  return widgets
    .filter((w) => w.order[role] !== undefined)
    .sort((a, b) => (a.order[role] ?? 0) - (b.order[role] ?? 0));
}

/**
 * Loads a route's exposed module and resolves to its default export. `retry` reloads the
 * federation and re-registers the remote, so a remote redeployed (or fixed) meanwhile shows up
 * without a page reload.
 */
export async function loadRemoteComponent(
  route: Pick<RemoteRoute, 'remote' | 'expose'>,
  retry = false,
): Promise<{ default: ComponentType }> {
  const { remote, expose } = route;
  const federation = await loadFederation(retry);
  const entry = federation.remotes.find((r) => r.name === remote)?.entry;
  if (!entry) {
    throw federation.listFailed
      ? new RemoteUnavailableError(
          remote,
          'manifest',
          'The list of available app parts could not be loaded.',
        )
      : new RemoteUnavailableError(remote, 'not-deployed', 'This part has not been deployed yet.');
  }

  ensureRuntime();
  if (registered.get(remote) !== entry || retry) {
    registerRemotes([{ name: remote, entry }], { force: registered.has(remote) });
    registered.set(remote, entry);
  }

  let module: ExposedModule | null;
  try {
    module = await loadRemote<ExposedModule>(`${remote}/${expose.replace(/^\.\//, '')}`);
  } catch {
    module = null;
  }
  if (!module?.default) {
    throw new RemoteUnavailableError(
      remote,
      'load-failed',
      'It could not be loaded. Check your connection and try again.',
    );
  }
  return { default: module.default };
}
