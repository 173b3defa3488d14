/**
 * Builds the shell and every remote when a source is newer than its build: `npm start` and the
 * benchmarks that read or serve the frontends call it, so a fresh clone needs no build by hand.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { frontendFolders, ROOT, type Registry } from './registry';

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

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
  const newestSource = Math.max(
    ...sources.map((s) => {
      const full = path.join(ROOT, s);
      return existsSync(full) && statSync(full).isFile()
        ? statSync(full).mtimeMs
        : newestMtime(full);
    }),
  );
  const outputs = [
    `${registry.shell.folder}/dist/index.html`,
    ...registry.remotes.map((r) => `${r.folder}/dist/remoteEntry.js`),
  ].map((f) => path.join(ROOT, f));
  const oldestOutput = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  if (oldestOutput > newestSource) return;
  process.stdout.write('Building the frontends...\n');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}
