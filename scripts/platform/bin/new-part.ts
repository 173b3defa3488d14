/**
 * `npm run new:service <name>` and `npm run new:remote <name>`: a working, tested, routed part in
 * one folder, plus its entry in platform.json. Everything else that names parts (workspaces,
 * jest and TypeScript roots, start, the gateway, docker-compose.yml) follows from the registry.
 * Templates live in scripts/platform/templates/<kind>/ with __name__-style placeholders.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  loadRegistry,
  nextFreeOffset,
  parseRegistry,
  REGISTRY_FILE,
  REMOTE_OFFSETS,
  ROOT,
  SERVICE_OFFSETS,
  type Registry,
} from '../src/registry';

type Kind = 'service' | 'remote';

const words = (name: string) => name.split('-');
const pascal = (name: string) =>
  words(name)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/** Copies a template folder, filling placeholders in file names and contents. */
function copyTemplate(from: string, to: string, values: Record<string, string>) {
  const fill = (text: string) =>
    Object.entries(values).reduce((acc, [key, value]) => acc.split(key).join(value), text);
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, fill(entry.name.replace(/\.tmpl$/, '')));
    if (entry.isDirectory()) {
      mkdirSync(target, { recursive: true });
      copyTemplate(source, target, values);
    } else {
      writeFileSync(target, fill(readFileSync(source, 'utf8')));
    }
  }
}

function run(command: string, args: string[], cwd = ROOT) {
  process.stdout.write(`$ ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/**
 * Writes the registry with each entry on one line, then lets Prettier lay it out: an entry that
 * fits stays on one line, as people write it, so the diff of a new part is its own entry only.
 */
function writeRegistry(registry: Registry) {
  parseRegistry(registry);
  const { $comment, shell, services, remotes } = registry;
  const list = (entries: unknown[]) => `[\n${entries.map((e) => JSON.stringify(e)).join(',\n')}\n]`;
  const text = [
    '{',
    ...($comment ? [`"$comment": ${JSON.stringify($comment)},`] : []),
    `"shell": ${JSON.stringify(shell)},`,
    `"services": ${list(services)},`,
    `"remotes": ${list(remotes)}`,
    '}',
  ].join('\n');
  writeFileSync(REGISTRY_FILE, `${text}\n`);
  run('npx', ['prettier', '--write', 'platform.json']);
}

/**
 * A new remote's byte budget (frontend-budgets.json, checked after the build by
 * e2e/tests/byte-budget.e2e.test.ts): the example remote's weight with some room; tighten it
 * once the remote has its real pages.
 */
function addBudget(folder: string) {
  const file = path.join(ROOT, 'frontend-budgets.json');
  const budgets = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  budgets[folder] = { entry: 30, total: 500 };
  writeFileSync(file, `${JSON.stringify(budgets, null, 2)}\n`);
  run('npx', ['prettier', '--write', 'frontend-budgets.json']);
}

function scaffold(kind: Kind, name: string, install: boolean) {
  const registry = loadRegistry();
  const Name = pascal(name);
  const Title = words(name)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');

  if (kind === 'service') {
    if (!/^[a-z][a-z0-9]*$/.test(name)) {
      throw new Error('a service name is one lower-case word (it is also its database schema)');
    }
    const folder = `services/${name}`;
    // A planned service (the gateway already answers 503 for it) keeps its port and prefixes.
    const planned = registry.services.find((s) => s.name === name && s.planned);
    if (
      existsSync(path.join(ROOT, folder)) ||
      (!planned && registry.services.some((s) => s.name === name))
    ) {
      throw new Error(`${name} exists already`);
    }
    if (planned) registry.services.splice(registry.services.indexOf(planned), 1);
    const portOffset = planned?.portOffset ?? nextFreeOffset(registry, SERVICE_OFFSETS);
    copyTemplate(path.join(__dirname, '..', 'templates', 'service'), path.join(ROOT, folder), {
      __name__: name,
      __Name__: Name,
      __port__: String(4000 + portOffset),
    });
    registry.services.push({
      name,
      folder,
      entry: 'src/server.ts',
      portOffset,
      apiPrefixes: planned?.apiPrefixes ?? [name],
    });
    writeRegistry(registry);
    if (install) run('npm', ['install', '--no-audit', '--no-fund']);
    run('npx', ['drizzle-kit', 'generate', '--name', 'init'], path.join(ROOT, folder));
    // service-kit's migrator keeps its own table in this schema, so it exists before this runs.
    const init = path.join(ROOT, folder, 'src', 'db', 'migrations', '0000_init.sql');
    writeFileSync(
      init,
      readFileSync(init, 'utf8').replace(
        `CREATE SCHEMA "${name}";`,
        `CREATE SCHEMA IF NOT EXISTS "${name}";`,
      ),
    );
    run('npx', ['prettier', '--write', folder]);
    run('node', ['--import', 'tsx', 'scripts/platform/bin/platform-sync.ts']);
    process.stdout.write(
      `\n${folder} is ready: /api/${name} through the gateway, tests with \`npm test -w ${folder}\`.\n`,
    );
    return;
  }

  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error('a remote name is lower-case kebab-case');
  const folder = `mfe-${name}`;
  const remoteName = `mfe_${name.replace(/-/g, '_')}`;
  const publicPath = `/mfe/${name}/`;
  if (existsSync(path.join(ROOT, folder)) || registry.remotes.some((r) => r.folder === folder)) {
    throw new Error(`${folder} exists already`);
  }
  const portOffset = nextFreeOffset(registry, REMOTE_OFFSETS);
  copyTemplate(path.join(__dirname, '..', 'templates', 'remote'), path.join(ROOT, folder), {
    __name__: name,
    __Name__: Name,
    __Title__: Title,
    __folder__: folder,
    __remote__: remoteName,
    __publicPathNoSlash__: publicPath.replace(/\/$/, ''),
  });
  registry.remotes.push({ name: remoteName, folder, publicPath, portOffset });
  writeRegistry(registry);
  addBudget(folder);
  if (install) run('npm', ['install', '--no-audit', '--no-fund']);
  run('npx', ['prettier', '--write', folder]);
  run('node', ['--import', 'tsx', 'scripts/platform/bin/platform-sync.ts']);
  process.stdout.write(
    `\n${folder} is ready: /${name} in the app once built (\`npm run build -w ${folder}\`), tests with \`npm test -w ${folder}\`.\n`,
  );
}

// --no-install leaves linking the new workspace to the caller (tests/scripts/scaffold.test.ts
// scaffolds into a copy of the repository whose node_modules it links itself).
const args = process.argv.slice(2);
const install = !args.includes('--no-install');
const [kind, name] = args.filter((arg) => arg !== '--no-install');
if ((kind !== 'service' && kind !== 'remote') || !name) {
  process.stderr.write(
    'usage: npm run new:service <name> | npm run new:remote <name> [-- --no-install]\n',
  );
  process.exit(2);
}
try {
  scaffold(kind, name, install);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
