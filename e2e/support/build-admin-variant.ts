/**
 * Builds mfe-admin into its dist/ with one extra page and menu entry (e2e/fixtures), exactly as
 * its own build does otherwise: what a team shipping a new page of its remote would deploy.
 * Run as its own process: `node --import tsx e2e/support/build-admin-variant.ts`.
 */
import path from 'node:path';
import { createRemoteConfig, runBuild } from '@teamapp/webpack-config';
import { exposes, manifest, title } from '../../mfe-admin/remote.config';

/** The page's path and menu label; the test looks for them. */
const VARIANT_ROUTE = { path: '/release-notes', label: 'Release Notes', order: 125 };

const root = path.resolve(__dirname, '..', '..');

async function main() {
  const config = createRemoteConfig({
    appDir: path.join(root, 'mfe-admin'),
    title,
    exposes: {
      ...exposes,
      './ReleaseNotesPage': path.join(root, 'e2e', 'fixtures', 'release-notes-page.tsx'),
    },
    manifest: {
      routes: [
        ...manifest.routes,
        { path: VARIANT_ROUTE.path, expose: './ReleaseNotesPage', access: 'signed-in' },
      ],
      navigation: [
        ...manifest.navigation,
        {
          path: VARIANT_ROUTE.path,
          labels: { admin: VARIANT_ROUTE.label },
          order: VARIANT_ROUTE.order,
        },
      ],
    },
  });
  await runBuild(config);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
