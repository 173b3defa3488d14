/** Production build of the admin remote (`mfe_admin`): `npm run build -w mfe-admin`. */
import path from 'node:path';
import { createWebpackConfig, runBuild } from '@teamapp/webpack-config';
import { exposes, manifest, name, publicPath, title } from './remote.config';

const config = createWebpackConfig({
  appDir: path.resolve(import.meta.dirname),
  name,
  publicPath,
  title,
  exposes,
  manifest,
});

runBuild(config).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
