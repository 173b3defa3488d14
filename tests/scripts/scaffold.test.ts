/**
 * `npm run new:service` and `npm run new:remote` make parts that type-check and pass their own
 * tests as made (CONTRIBUTING.md). The commands run on a copy of the repository (its tracked and
 * new files, node_modules linked in), so the checkout under test is never edited: a service and a
 * remote are scaffolded there, type-checked against the real packages, and their tests run with
 * the copy's jest config, which finds them through the registry the command wrote.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadRegistry, ROOT } from '@teamapp/platform/registry';

let copy: string;

/** The repository's files as git sees them (tracked, and new ones not ignored) in a new folder. */
function copyRepository(): string {
  const target = mkdtempSync(path.join(os.tmpdir(), 'teamapp-scaffold-'));
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    const from = path.join(ROOT, file);
    const to = path.join(target, file);
    mkdirSync(path.dirname(to), { recursive: true });
    // A file deleted in the working tree is still listed by --cached.
    try {
      cpSync(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  // Every installed package linked, except the workspaces: their links are relative
  // (../../packages/ui), so copied as they are they point into the copy.
  mkdirSync(path.join(target, 'node_modules'));
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    const from = path.join(ROOT, 'node_modules', entry);
    const to = path.join(target, 'node_modules', entry);
    if (entry === '@teamapp') cpSync(from, to, { recursive: true, verbatimSymlinks: true });
    else symlinkSync(from, to);
  }
  return target;
}

function run(args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', ...args], {
    cwd: copy,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

function npx(args: string[]) {
  return spawnSync('npx', args, { cwd: copy, encoding: 'utf8', env: process.env });
}

beforeAll(() => {
  copy = copyRepository();
  run(['scripts/platform/bin/new-part.ts', 'service', 'roster', '--no-install']);
  run(['scripts/platform/bin/new-part.ts', 'remote', 'kit-room', '--no-install']);
  // The new workspaces' own links, which npm install would have made.
  symlinkSync('../../services/roster', path.join(copy, 'node_modules/@teamapp/roster'));
  symlinkSync('../../mfe-kit-room', path.join(copy, 'node_modules/@teamapp/mfe-kit-room'));
});
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

it('when a service and a remote are scaffolded, then the registry names them and the checkout is untouched', () => {
  const registry = JSON.parse(readFileSync(path.join(copy, 'platform.json'), 'utf8')) as {
    services: { name: string }[];
    remotes: { folder: string }[];
  };

  expect(registry.services.map((s) => s.name)).toContain('roster');
  expect(registry.remotes.map((r) => r.folder)).toContain('mfe-kit-room');
  expect(loadRegistry().services.map((s) => s.name)).not.toContain('roster');
  expect(readFileSync(path.join(copy, 'docker-compose.yml'), 'utf8')).toMatch(/^ {2}roster:$/m);
});

it('when they are type-checked strictly against the real packages, then there is no error', () => {
  writeFileSync(
    path.join(copy, 'tsconfig.scaffold.json'),
    JSON.stringify({
      extends: './tsconfig.json',
      include: ['services/roster', 'mfe-kit-room'],
      exclude: ['**/node_modules', '**/dist'],
    }),
  );

  const result = npx(['tsc', '--noEmit', '-p', 'tsconfig.scaffold.json']);

  expect(`${result.stdout}${result.stderr}`).toBe('');
  expect(result.status).toBe(0);
});

it('when their own tests run, then every one passes and none is skipped', () => {
  const results = path.join(copy, 'scaffold-results.json');

  const result = npx([
    'jest',
    '--json',
    `--outputFile=${results}`,
    'services/roster',
    'mfe-kit-room',
  ]);

  const summary = JSON.parse(readFileSync(results, 'utf8')) as {
    numTotalTestSuites: number;
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
  };
  expect({ status: result.status, failed: summary.numFailedTests }).toEqual({
    status: 0,
    failed: 0,
  });
  expect(summary.numTotalTestSuites).toBeGreaterThanOrEqual(2);
  expect(summary.numPassedTests).toBeGreaterThan(0);
  expect(summary.numPendingTests).toBe(0);
});
