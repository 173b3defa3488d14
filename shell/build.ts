/** Production build of the shell (host): `npm run build -w shell`. */
import path from 'node:path';
import { buildOrExit, createWebpackConfig } from '@teamapp/webpack-config';

const config = createWebpackConfig({
  appDir: path.resolve(import.meta.dirname),
  name: 'shell',
  publicPath: '/',
  title: 'TeamApp',
  description: 'TeamApp: run a sports club from one place.',
  // A signed-out first visit to /login needs React and the light login page next: fetch and
  // compile them while the entry starts (src/index.ts).
  preload: {
    chunk: 'light-login',
    packages: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
  },
});

buildOrExit(config);
