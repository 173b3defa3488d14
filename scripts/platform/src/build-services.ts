/**
 * Compiles each service to JavaScript (services/<name>/dist/server.js, with its migrations beside
 * it), so `npm start` and the containers run plain Node: no TypeScript compiler in the running
 * process. esbuild bundles the service with the workspace packages it uses (they ship TypeScript
 * sources); every other package stays an ordinary require from node_modules.
 */
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { builtServices, ROOT, type BuiltService, type Registry } from './registry';

/** Where a service's compiled entry lands. */
export const compiledEntry = (service: BuiltService) =>
  path.join(ROOT, service.folder, 'dist', 'server.js');

/** Bare imports stay requires, except the workspace's own packages, which are compiled in. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@teamapp/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** The newest modification time under a file or folder (node_modules and dist left out). */
export function newestMtime(target: string): number {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** True when a service's sources (or the packages it compiles in) are newer than its build. */
export function serviceIsStale(service: BuiltService): boolean {
  const entry = compiledEntry(service);
  if (!existsSync(entry)) return true;
  const sources = [service.folder, 'packages/service-kit', 'packages/contracts'];
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(ROOT, s))));
  return newest > statSync(entry).mtimeMs;
}

export async function buildService(service: BuiltService): Promise<void> {
  const dist = path.join(ROOT, service.folder, 'dist');
  rmSync(dist, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(ROOT, service.folder, service.entry)],
    outfile: compiledEntry(service),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'linked',
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  // app.ts finds its migrations beside itself (`__dirname/db/migrations`).
  const migrations = path.join(ROOT, service.folder, 'src', 'db', 'migrations');
  if (existsSync(migrations))
    cpSync(migrations, path.join(dist, 'db', 'migrations'), { recursive: true });
}

/** Compiles every service whose build is missing or older than its sources. */
export async function buildStaleServices(registry: Registry): Promise<string[]> {
  const stale = builtServices(registry).filter(serviceIsStale);
  for (const service of stale) await buildService(service);
  return stale.map((s) => s.name);
}
