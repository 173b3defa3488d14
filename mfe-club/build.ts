/**
 * Production build of the club remote: `npm run build -w mfe-club`. Besides the remote, the
 * showcase page's light script (src/features/showcase/light/start.tsx: React and the showcase
 * alone, no federation), which the server-rendered page at / loads from the remote's public path.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { createRemoteConfig, runBuild } from '@teamapp/webpack-config';
import { SHOWCASE_SCRIPT_FILE } from './src/features/showcase/light/page';
import * as remote from './remote.config';

const appDir = import.meta.dirname;

/** The light script, with its .gz and .br beside it as the remote's other files have. */
async function buildShowcaseScript(): Promise<void> {
  const outfile = path.join(appDir, 'dist', SHOWCASE_SCRIPT_FILE);
  await build({
    entryPoints: [path.join(appDir, 'src/features/showcase/light/start.tsx')],
    outfile,
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'warning',
  });
  const raw = readFileSync(outfile);
  writeFileSync(`${outfile}.gz`, gzipSync(raw, { level: 9 }));
  writeFileSync(
    `${outfile}.br`,
    brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

runBuild(createRemoteConfig({ appDir, ...remote }))
  .then(buildShowcaseScript)
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
