/**
 * Builds the shell and every remote when a source is newer than its build: `npm start` and the
 * benchmarks that read or serve the frontends call it, so a fresh clone needs no build by hand.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { newestMtime } from './build-services';
import { frontendFolders, ROOT, type Registry } from './registry';

/** Builds the shell and every remote in platform.json when a source is newer than its build. */
export function buildFrontendsIfStale(registry: Registry) {
  const sources = [
    ...frontendFolders(registry),
    'packages/ui',
    'packages/api-client',
    'packages/contracts',
    'packages/webpack-config',
    'platform.json',
  ];
  const newestSource = Math.max(...sources.map((s) => newestMtime(path.join(ROOT, s))));
  const outputs = [
    `${registry.shell.folder}/dist/index.html`,
    ...registry.remotes.map((r) => `${r.folder}/dist/remoteEntry.js`),
  ].map((f) => path.join(ROOT, f));
  const oldestOutput = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  if (oldestOutput > newestSource) return;
  process.stdout.write('Building the frontends...\n');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}
