/**
 * `npm run build`: builds the shell and every remote listed in platform.json, one after the
 * other (each with its own `npm run build -w <folder>`, which a team also runs alone), then
 * compiles every service to JavaScript (lib/build-services.ts).
 */
import { spawnSync } from 'node:child_process';
import { buildService } from '../src/build-services';
import { builtServices, frontendFolders, loadRegistry, ROOT } from '../src/registry';

const registry = loadRegistry();
for (const folder of frontendFolders(registry)) {
  process.stdout.write(`\n==> building ${folder}\n`);
  const result = spawnSync('npm', ['run', 'build', '--workspace', folder], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    process.stderr.write(`building ${folder} failed\n`);
    process.exit(result.status ?? 1);
  }
}

void (async () => {
  for (const service of builtServices(registry)) {
    process.stdout.write(`\n==> compiling services/${service.name}\n`);
    await buildService(service);
  }
})().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
