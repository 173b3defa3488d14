/** Production build of the chat remote: `npm run build -w mfe-chat`. */
import path from 'node:path';
import { createRemoteConfig, runBuild } from '@teamapp/webpack-config';
import { exposes, manifest, title } from './remote.config';

const config = createRemoteConfig({
  appDir: path.resolve(import.meta.dirname),
  title,
  exposes,
  manifest,
});

runBuild(config).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
