/**
 * Runtime remotes. The shell never bakes remote URLs into its build: it fetches /remotes.json
 * (served by the gateway; `{ "mfe_admin": "/mfe/admin/remoteEntry.js" }`, remotes not deployed
 * are absent), registers what it lists with the federation runtime and loads exposed modules on
 * demand. Which route belongs to which remote is decided here, in the shell.
 */
import type { ComponentType } from 'react';
import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

export type RemoteName = 'mfe_admin' | 'mfe_schedule' | 'mfe_chat' | 'mfe_club';

export interface RemoteRoute {
  remote: RemoteName;
  /** The exposed module, without the leading "./". */
  expose: string;
}

/** Route → remote table (ARCHITECTURE "Who serves what"). */
export const REMOTE_ROUTES: Readonly<Record<string, RemoteRoute>> = {
  '/users': { remote: 'mfe_admin', expose: 'AdminApp' },
  '/settings': { remote: 'mfe_admin', expose: 'AdminApp' },
  '/schedule': { remote: 'mfe_schedule', expose: 'ScheduleApp' },
  '/availability': { remote: 'mfe_schedule', expose: 'ScheduleApp' },
  '/attendance': { remote: 'mfe_schedule', expose: 'ScheduleApp' },
  '/chat': { remote: 'mfe_chat', expose: 'ChatApp' },
  '/': { remote: 'mfe_club', expose: 'ClubApp' },
  '/club-development': { remote: 'mfe_club', expose: 'ClubApp' },
  '/news': { remote: 'mfe_club', expose: 'ClubApp' },
  '/players': { remote: 'mfe_club', expose: 'ClubApp' },
};

export const MANIFEST_URL = '/remotes.json';

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

type Manifest = Record<string, string>;

let manifestPromise: Promise<Manifest> | null = null;
const registered = new Map<string, string>();
let runtimeReady = false;

function ensureRuntime() {
  if (runtimeReady) return;
  // Attaches to the instance the build plugin created (same name), so shared singletons apply.
  init({ name: 'shell', remotes: [] });
  runtimeReady = true;
}

async function fetchManifest(): Promise<Manifest> {
  const response = await fetch(MANIFEST_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  const body: unknown = await response.json();
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new Error('remotes.json is not an object');
  }
  const manifest: Manifest = {};
  for (const [name, entry] of Object.entries(body as Record<string, unknown>)) {
    if (typeof entry === 'string' && entry) manifest[name] = entry;
  }
  return manifest;
}

function getManifest(refresh: boolean): Promise<Manifest> {
  if (!manifestPromise || refresh) {
    manifestPromise = fetchManifest().catch((error: unknown) => {
      manifestPromise = null;
      throw error;
    });
  }
  return manifestPromise;
}

interface ExposedModule {
  default?: ComponentType;
}

/**
 * Loads `remote/expose` and resolves to its default export. `retry` refetches the manifest and
 * re-registers the remote, so a remote deployed (or fixed) meanwhile shows up without a reload.
 */
export async function loadRemoteComponent(
  route: RemoteRoute,
  retry = false,
): Promise<{ default: ComponentType }> {
  const { remote, expose } = route;
  let manifest: Manifest;
  try {
    manifest = await getManifest(retry);
  } catch {
    throw new RemoteUnavailableError(
      remote,
      'manifest',
      'The list of available app parts could not be loaded.',
    );
  }
  const entry = manifest[remote];
  if (!entry) {
    throw new RemoteUnavailableError(
      remote,
      'not-deployed',
      'This part has not been deployed yet.',
    );
  }

  ensureRuntime();
  if (registered.get(remote) !== entry || retry) {
    registerRemotes([{ name: remote, entry }], { force: registered.has(remote) });
    registered.set(remote, entry);
  }

  let module: ExposedModule | null;
  try {
    module = await loadRemote<ExposedModule>(`${remote}/${expose}`);
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
