/** Production build of the shell (host): `npm run build -w shell`. */
import path from 'node:path';
import { createWebpackConfig, runBuild } from '@teamapp/webpack-config';

const config = createWebpackConfig({
  appDir: path.resolve(import.meta.dirname),
  name: 'shell',
  publicPath: '/',
  title: 'TeamApp',
  description: 'TeamApp: run a sports club from one place.',
});

runBuild(config).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
