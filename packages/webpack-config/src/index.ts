/**
 * Shared webpack + module federation config for the shell and every remote: one place that
 * says how a frontend is built and which modules are shared as singletons across the federation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import webpack, { type Configuration, type PathData } from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

/** Modules every frontend shares as singletons (ARCHITECTURE "Frontends"). */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  '@tanstack/react-query',
  '@mantine/core',
  '@mantine/hooks',
  '@mantine/form',
  '@mantine/modals',
  '@mantine/notifications',
  '@mantine/dates',
  'dayjs',
  '@teamapp/ui',
] as const;

interface SharedEntry {
  singleton: true;
  requiredVersion: string;
  version?: string;
}

/** Finds a package's installed version by walking up node_modules folders from `fromDir`. */
function installedVersion(pkg: string, fromDir: string): string | undefined {
  let dir = fromDir;
  for (;;) {
    const file = path.join(dir, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(file)) {
      return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * The one shared-singletons config. requiredVersion comes from the app's own package.json, the
 * provided version from what is installed (some packages, like @mantine/core, do not export their
 * package.json, so the plugin cannot find it by itself).
 */
export function sharedSingletons(appDir: string): Record<string, SharedEntry> {
  const pkg = JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const deps = pkg.dependencies ?? {};
  const shared: Record<string, SharedEntry> = {};
  for (const name of SHARED_SINGLETONS) {
    const version = installedVersion(name, appDir);
    const requiredVersion = deps[name] ?? (version ? `^${version}` : '*');
    shared[name] = { singleton: true, requiredVersion, ...(version ? { version } : {}) };
  }
  return shared;
}

/**
 * Copies the files of an app's `public/` folder (robots.txt and the like) unchanged to the root of
 * its build, where the static server finds them by name.
 */
class PublicFilesPlugin {
  constructor(private readonly dir: string) {}

  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('PublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublicFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (!fs.existsSync(this.dir)) return;
          for (const file of fs.readdirSync(this.dir)) {
            const source = fs.readFileSync(path.join(this.dir, file));
            compilation.emitAsset(file, new webpack.sources.RawSource(source));
          }
        },
      );
    });
  }
}

/** Files the gateway serves compressed: text only (images and fonts are compressed already). */
export const PRECOMPRESSED = /\.(js|css|html|json|svg|txt)$/;

/**
 * Writes `<file>.gz` and `<file>.br` beside every text file of the build, at the strongest
 * settings, once: nginx serves them as they are (`gzip_static`, `brotli_static`) instead of
 * compressing each answer on the fly at a weaker level.
 */
export class PrecompressPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'PrecompressPlugin',
          stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER,
        },
        (assets) => {
          for (const [file, source] of Object.entries(assets)) {
            if (!PRECOMPRESSED.test(file)) continue;
            const raw = source.buffer();
            const info = { compressed: true, immutable: /\.[0-9a-f]{8}\./.test(file) };
            compilation.emitAsset(
              `${file}.gz`,
              new webpack.sources.RawSource(gzipSync(raw, { level: 9 })),
              info,
            );
            compilation.emitAsset(
              `${file}.br`,
              new webpack.sources.RawSource(
                brotliCompressSync(raw, {
                  params: {
                    [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                  },
                }),
              ),
              info,
            );
          }
        },
      );
    });
  }
}

/**
 * Preloads, from index.html, the scripts a first page needs after the entry: the async chunk
 * named `chunk` and the chunks holding the shared packages matching `packages`. The browser then
 * fetches and compiles them while the entry runs, instead of after it asks for them.
 */
export class PreloadChunksPlugin {
  constructor(private readonly options: { chunk: string; packages: RegExp }) {}

  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('PreloadChunksPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'PreloadChunksPlugin',
        (data) => {
          const files = new Set<string>();
          for (const chunk of compilation.chunks) {
            const wanted =
              chunk.name === this.options.chunk ||
              [...compilation.chunkGraph.getChunkModulesIterable(chunk)].some((m) =>
                this.options.packages.test((m as { resource?: string }).resource ?? ''),
              );
            if (!wanted || chunk.canBeInitial()) continue;
            for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
          }
          const base = data.publicPath;
          data.headTags.push(
            ...[...files].sort().map((file) =>
              HtmlWebpackPlugin.createHtmlTagObject('link', {
                rel: 'preload',
                as: 'script',
                href: `${base}${file}`,
              }),
            ),
          );
          return data;
        },
      );
    });
  }
}

export interface FrontendOptions {
  /** Absolute path of the app folder (holds package.json, src/, dist/). */
  appDir: string;
  /** Federation name, e.g. `shell` or `mfe_admin`. */
  name: string;
  /** Where the built files are served from, e.g. `/` or `/mfe/admin/`. */
  publicPath: string;
  /** Modules a remote exposes, e.g. `{ './UsersPage': './src/exposed/users-page.tsx' }`. */
  exposes?: Record<string, string>;
  /**
   * A remote's routes and menu entries (the RemoteManifest of @teamapp/ui), written to
   * routes.json beside remoteEntry.js so the shell learns them at run time.
   */
  manifest?: ManifestInput;
  /** Page title of the generated index.html. */
  title: string;
  /** The generated index.html's meta description (what search results show). */
  description?: string;
  /** Defaults to production. */
  mode?: 'production' | 'development';
  /** More tags for index.html's head (the shell's manifest link and theme colour). */
  headTags?: readonly string[];
  /** Scripts index.html preloads (PreloadChunksPlugin). */
  preload?: { chunk: string; packages: RegExp };
}

/** The parts of a remote manifest the build checks; the shell validates the rest when reading. */
export interface ManifestInput {
  routes: readonly { path: string; expose: string; [more: string]: unknown }[];
  navigation: readonly { path: string; [more: string]: unknown }[];
}

export const MANIFEST_FILE = 'routes.json';

/** Who may open a remote's route: `public` ones render signed out too. */
export type PageAccess = 'public' | 'signed-in';

/**
 * A remote's pages and other exposed modules, each a file of its `src/exposed/` folder named
 * without `.tsx` (`users-page` is exposed as `./UsersPage`), as its `exposes` and the `routes` of
 * its manifest, both in the order given (pages first). A page is signed-in unless given as
 * `[file, 'public']`.
 */
export function remoteModules(
  pages: Record<string, string | readonly [string, PageAccess]>,
  others: readonly string[] = [],
): {
  exposes: Record<string, string>;
  routes: { path: string; expose: string; access: PageAccess }[];
} {
  const exposeOf = (file: string) =>
    `./${file.replace(/(?:^|-)([a-z])/g, (_, letter: string) => letter.toUpperCase())}`;
  const exposes: Record<string, string> = {};
  const routes = Object.entries(pages).map(([path, page]) => {
    const [file, access] = typeof page === 'string' ? [page, 'signed-in' as const] : page;
    exposes[exposeOf(file)] = `./src/exposed/${file}.tsx`;
    return { path, expose: exposeOf(file), access };
  });
  for (const file of others) exposes[exposeOf(file)] = `./src/exposed/${file}.tsx`;
  return { exposes, routes };
}

/** Every route names an exposed module and every menu entry a route, or the build fails. */
export function checkManifest(manifest: ManifestInput, exposes: Record<string, string>): void {
  const problems: string[] = [];
  const paths = new Set(manifest.routes.map((r) => r.path));
  for (const route of manifest.routes) {
    if (!(route.expose in exposes))
      problems.push(`route ${route.path}: ${route.expose} is not exposed`);
  }
  for (const entry of manifest.navigation) {
    if (!paths.has(entry.path)) problems.push(`menu entry ${entry.path} has no route`);
  }
  if (paths.size !== manifest.routes.length) problems.push('a path is listed twice');
  if (problems.length) throw new Error(`remote manifest: ${problems.join('; ')}`);
}

/** Emits the manifest as routes.json (no hash: the shell fetches it by name, uncached). */
class RemoteManifestPlugin {
  constructor(private readonly manifest: ManifestInput) {}

  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('RemoteManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'RemoteManifestPlugin',
          stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
        },
        () => {
          const json = `${JSON.stringify(this.manifest, null, 2)}\n`;
          compilation.emitAsset(MANIFEST_FILE, new webpack.sources.RawSource(json));
        },
      );
    });
  }
}

/**
 * Content-hashed names for initial chunks. The federation runtime module asks for this template
 * while generating code, before hashes exist, only to compute the output's undo path; there it
 * gets the hash-free form (same folder, so the same undo path) instead of a build error.
 */
function initialChunkFilename(pathData: PathData): string {
  const chunk = pathData.chunk as { contentHash?: Record<string, string> } | undefined;
  return pathData.contentHash || chunk?.contentHash?.javascript
    ? '[name].[contenthash:8].js'
    : '[name].js';
}

export function createWebpackConfig(options: FrontendOptions): Configuration {
  const { appDir, name, publicPath, exposes, title, description, manifest } = options;
  const mode = options.mode ?? 'production';
  const isRemote = exposes !== undefined;
  if (manifest) checkManifest(manifest, exposes ?? {});
  return {
    mode,
    context: appDir,
    entry: { main: './src/index.ts' },
    devtool: mode === 'production' ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.join(appDir, 'dist'),
      publicPath,
      filename: initialChunkFilename,
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // Workspace packages ship TypeScript sources; let swc compile them too.
      symlinks: true,
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules[\\/](?!@teamapp)/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic' } },
                target: 'es2020',
              },
            },
          },
        },
        {
          // Our workspace packages are side-effect free modules (zod schemas, constants); saying
          // so lets webpack drop what a frontend does not use (keeps zod out of initial chunks).
          test: /[\\/]packages[\\/](contracts|api-client)[\\/]src[\\/]/,
          sideEffects: false,
        },
        {
          // Stylesheets are emitted as hashed files and linked at run time (see linkStylesheet in
          // @teamapp/ui): the browser parses CSS far faster than a JS string, and it gzips to a
          // third of the style-loader size.
          test: /\.css$/,
          type: 'asset/resource',
        },
        { test: /\.(png|jpe?g|gif|svg|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(isRemote ? { filename: 'remoteEntry.js', exposes } : {}),
        // Remotes are registered at run time from /remotes.json, never baked in here.
        remotes: {},
        shared: sharedSingletons(appDir),
        dts: false,
        manifest: false,
      }),
      ...(manifest ? [new RemoteManifestPlugin(manifest)] : []),
      new PublicFilesPlugin(path.join(appDir, 'public')),
      new HtmlWebpackPlugin({
        title,
        meta: description ? { description } : {},
        templateContent: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>${(options.headTags ?? []).map((tag) => `\n    ${tag}`).join('')}
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`,
      }),
      ...(options.preload ? [new PreloadChunksPlugin(options.preload)] : []),
      new PrecompressPlugin(),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

interface RegistryRemote {
  name: string;
  folder: string;
  publicPath: string;
}

/** The platform registry (platform.json) above appDir, and the remote whose folder appDir is. */
export function registryRemote(appDir: string): RegistryRemote {
  let root = appDir;
  while (!fs.existsSync(path.join(root, 'platform.json'))) {
    const parent = path.dirname(root);
    if (parent === root) throw new Error(`no platform.json above ${appDir}`);
    root = parent;
  }
  const registry = JSON.parse(fs.readFileSync(path.join(root, 'platform.json'), 'utf8')) as {
    remotes?: RegistryRemote[];
  };
  const folder = path.relative(root, appDir).split(path.sep).join('/');
  const remote = registry.remotes?.find((r) => r.folder === folder);
  if (!remote) throw new Error(`${folder} is not a remote in platform.json`);
  return remote;
}

/**
 * A remote's build: its federation name and public path come from platform.json, so the gateway,
 * compose and the build always agree; what it exposes and publishes comes from the remote.
 */
export function createRemoteConfig(
  options: Omit<FrontendOptions, 'name' | 'publicPath'> & {
    exposes: Record<string, string>;
    manifest: ManifestInput;
  },
): Configuration {
  const { name, publicPath } = registryRemote(options.appDir);
  return createWebpackConfig({ ...options, name, publicPath });
}

/** A build script's end: builds, and on failure says why and exits non-zero. */
export function buildOrExit(config: Configuration): void {
  runBuild(config).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}

/** A remote's whole build script: its folder and what its remote.config.ts exports. */
export function buildRemote(
  appDir: string,
  remote: { title: string; exposes: Record<string, string>; manifest: ManifestInput },
): void {
  buildOrExit(createRemoteConfig({ appDir: path.resolve(appDir), ...remote }));
}

/** Runs a production build with webpack's Node API; rejects on errors. */
export function runBuild(config: Configuration): Promise<void> {
  return new Promise((resolve, reject) => {
    webpack(config, (err, stats) => {
      if (err) return reject(err);
      if (!stats) return reject(new Error('webpack returned no stats'));
      const info = stats.toString({ colors: false, preset: 'errors-warnings' });
      if (stats.hasErrors()) return reject(new Error(info));
      if (info.trim()) process.stdout.write(`${info}\n`);
      const json = stats.toJson({ assets: true, all: false, timings: true });
      const files = (json.assets ?? [])
        .filter((a) => !/\.(gz|br)$/.test(a.name))
        .map((a) => `${a.name} ${(a.size / 1024).toFixed(1)} kB`);
      process.stdout.write(
        `built ${config.output?.path} in ${json.time} ms\n  ${files.join('\n  ')}\n`,
      );
      resolve();
    });
  });
}
