/**
 * `npm run platform:sync`: rewrites what cannot read platform.json at run time (today only
 * docker-compose.yml) from it. The new:service and new:remote scaffolds run it.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { COMPOSE_FILE, composeFile } from './lib/compose';
import { loadRegistry, ROOT } from './lib/registry';

async function main() {
  writeFileSync(path.join(ROOT, COMPOSE_FILE), await composeFile(loadRegistry()));
  process.stdout.write(`${COMPOSE_FILE} written from platform.json\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
