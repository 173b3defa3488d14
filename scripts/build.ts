/**
 * `npm run build`: builds the shell and every remote listed in platform.json, one after the
 * other (each with its own `npm run build -w <folder>`, which a team also runs alone).
 */
import { spawnSync } from 'node:child_process';
import { frontendFolders, loadRegistry, ROOT } from './lib/registry';

for (const folder of frontendFolders(loadRegistry())) {
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
