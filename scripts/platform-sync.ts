/**
 * `npm run platform:sync`: rewrites what cannot read platform.json at run time (today
 * docker-compose.yml and the Prometheus configuration it mounts) from it. The new:service and
 * new:remote scaffolds run it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { COMPOSE_FILE, composeFile, PROMETHEUS_FILE, prometheusConfig } from './lib/compose';
import { loadRegistry, ROOT } from './lib/registry';

async function main() {
  const registry = loadRegistry();
  writeFileSync(path.join(ROOT, COMPOSE_FILE), await composeFile(registry));
  mkdirSync(path.join(ROOT, path.dirname(PROMETHEUS_FILE)), { recursive: true });
  writeFileSync(path.join(ROOT, PROMETHEUS_FILE), prometheusConfig(registry));
  process.stdout.write(`${COMPOSE_FILE} and ${PROMETHEUS_FILE} written from platform.json\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
