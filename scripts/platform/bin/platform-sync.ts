/**
 * `npm run platform:sync`: rewrites what cannot read platform.json at run time
 * (docker-compose.yml, the Prometheus configuration it mounts and the Kubernetes base in
 * deploy/k8s/base) from it. The new:service and
 * new:remote scaffolds run it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { COMPOSE_FILE, composeFile, PROMETHEUS_FILE, prometheusConfig } from '../src/compose';
import { k8sFiles } from '../src/k8s';
import { loadRegistry, ROOT } from '../src/registry';

async function main() {
  const registry = loadRegistry();
  writeFileSync(path.join(ROOT, COMPOSE_FILE), await composeFile(registry));
  process.stdout.write(`${COMPOSE_FILE} written from platform.json\n`);
  mkdirSync(path.join(ROOT, path.dirname(PROMETHEUS_FILE)), { recursive: true });
  writeFileSync(path.join(ROOT, PROMETHEUS_FILE), prometheusConfig(registry));
  process.stdout.write(`${PROMETHEUS_FILE} written from platform.json\n`);
  for (const [file, text] of Object.entries(await k8sFiles(registry))) {
    mkdirSync(path.dirname(path.join(ROOT, file)), { recursive: true });
    writeFileSync(path.join(ROOT, file), text);
    process.stdout.write(`${file} written from platform.json\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
