/**
 * How a benchmark runs the platform: in a fresh data folder, and with which of its services. The
 * services it does not run stay in the registry as planned (their routes answer the gateway's
 * 503), so their ports are still reserved and nothing else takes them.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildStaleServices } from '@teamapp/platform/build-services';
import { startPlatform, type Platform, type PlatformOptions } from '@teamapp/platform/platform';
import { loadRegistry, type Registry } from '@teamapp/platform/registry';

/**
 * Starts the platform for a benchmark with its data in a new temporary folder
 * (`teamapp-<name>-…`, left there for a look at its logs), the services logging warnings and
 * errors only unless `env` says otherwise.
 */
export async function startBenchPlatform(
  name: string,
  options: Omit<PlatformOptions, 'dataDir'>,
): Promise<Platform & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `teamapp-${name}-`));
  const platform = await startPlatform({
    ...options,
    dataDir,
    env: { LOG_LEVEL: 'warn', ...options.env },
  });
  return { ...platform, dataDir };
}

/** The registry with only `names` of its services running. */
export function onlyServices(registry: Registry, names: readonly string[]): Registry {
  return {
    ...registry,
    services: registry.services.map((s) =>
      names.includes(s.name)
        ? s
        : { name: s.name, planned: true, portOffset: s.portOffset, apiPrefixes: s.apiPrefixes },
    ),
  };
}

/**
 * platform.json with only `names` running, their compiled JavaScript (as `npm start` runs it)
 * rebuilt first when stale.
 */
export async function compiledServices(names: readonly string[]): Promise<Registry> {
  const full = loadRegistry();
  const built = await buildStaleServices(full);
  if (built.length) process.stderr.write(`compiled ${built.join(', ')}\n`);
  return onlyServices(full, names);
}
