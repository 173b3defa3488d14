/**
 * Which of the platform's services a benchmark runs: the others stay in the registry as planned
 * (their routes answer the gateway's 503), so their ports are still reserved and nothing else
 * takes them.
 */
import { buildStaleServices } from '@teamapp/platform/build-services';
import { loadRegistry, type Registry } from '@teamapp/platform/registry';

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
