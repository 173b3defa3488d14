/** Production build of the shell (host): `npm run build -w shell`. */
import path from 'node:path';
import { DEFAULT_HEADER_COLOR } from '@teamapp/contracts';
import { buildOrExit, createWebpackConfig } from '@teamapp/webpack-config';
import { InjectManifest } from 'workbox-webpack-plugin';

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
  // Installable (reference §2 "Installing and offline use"): the manifest the content service
  // makes from the branding, and the theme colour (the app keeps it on the header colour).
  headTags: [
    '<link rel="manifest" href="/manifest.webmanifest" />',
    `<meta name="theme-color" content="${DEFAULT_HEADER_COLOR}" />`,
  ],
});

// The service worker (src/sw/service-worker.ts) at /sw.js, with the shell's own build to
// precache; the compressed copies and robots.txt are not precached.
config.plugins!.push(
  new InjectManifest({
    swSrc: path.resolve(import.meta.dirname, 'src/sw/service-worker.ts'),
    swDest: 'sw.js',
    exclude: [/\.(gz|br)$/, /^robots\.txt$/, /\.LICENSE\.txt$/],
  }),
);

buildOrExit(config);
