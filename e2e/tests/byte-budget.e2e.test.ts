/**
 * Byte budgets: what each frontend's build weighs, gzip level 9, against
 * frontend-budgets.json. Bytes are deterministic for a build, so this is a test (times stay in
 * scripts/bench/login.ts). Per app: its entry (the shell's initial scripts, a remote's
 * remoteEntry.js) and everything it builds; for the shell also the first visit to /login, the
 * files Chromium asks for before Sign In is usable. Runs after the build (the e2e stage), and
 * checks that every text file has its prebuilt .gz and .br beside it for the gateway.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { ROOT } from '@teamapp/platform/gateway';
import { frontendFolders, loadRegistry } from '@teamapp/platform/registry';
import { launchBrowser, newPage } from '../support/browser';

interface Budget {
  /** KiB, gzip: the entry's own scripts. */
  entry: number;
  /** KiB, gzip: every .js and .css file of the build. */
  total: number;
  /** KiB, gzip: the scripts a signed-out first visit to /login loads (shell only). */
  login?: number;
}

const budgets = JSON.parse(
  readFileSync(path.join(ROOT, 'frontend-budgets.json'), 'utf8'),
) as Record<string, Budget | string>;
const registry = loadRegistry();
const folders = frontendFolders(registry);

const dist = (folder: string) => path.join(ROOT, folder, 'dist');
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gzipKiB = (folder: string, files: string[]) =>
  kib(
    files.reduce(
      (sum, f) => sum + gzipSync(readFileSync(path.join(dist(folder), f)), { level: 9 }).length,
      0,
    ),
  );

function filesOf(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesOf(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

function entryFiles(folder: string): string[] {
  if (folder !== registry.shell.folder) return ['remoteEntry.js'];
  const html = readFileSync(path.join(dist(folder), 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]*src="?\/?([^"\s>]+)"?/g)].map((m) => m[1]!);
}

function budgetOf(folder: string): Budget {
  const budget = budgets[folder];
  if (!budget || typeof budget === 'string') throw new Error(`${folder} has no budget`);
  return budget;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

it('when platform.json lists a frontend, then frontend-budgets.json gives it a budget', () => {
  const budgeted = Object.keys(budgets).filter((k) => !k.startsWith('$'));
  expect(budgeted.sort()).toEqual([...folders].sort());
});

it.each(folders)(
  'when %s is built, then every text file has its .gz and .br beside it',
  (folder) => {
    const files = filesOf(dist(folder));
    const text = files.filter((f) => /\.(js|css|html|json|svg|txt)$/.test(f));
    const missing = text.filter((f) => !files.includes(`${f}.gz`) || !files.includes(`${f}.br`));

    expect(text.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  },
);

it.each(folders)(
  'when %s is built, then its entry and its whole build stay within budget',
  (folder) => {
    const budget = budgetOf(folder);
    const all = filesOf(dist(folder)).filter((f) => /\.(js|css)$/.test(f));
    const entry = entryFiles(folder);
    entry.forEach((f) => expect(existsSync(path.join(dist(folder), f))).toBe(true));

    const sizes = { entry: gzipKiB(folder, entry), total: gzipKiB(folder, all) };

    expect(sizes.entry).toBeLessThanOrEqual(budget.entry);
    expect(sizes.total).toBeLessThanOrEqual(budget.total);
  },
);

it('when a signed-out visitor first opens /login, then its scripts stay within the login budget', async () => {
  const budget = budgetOf(registry.shell.folder);
  const { context, page } = await newPage(browser);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });

  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();

  // Every script came from the shell's own build: nothing of the remotes is needed here.
  const files = scripts.map((p) => p.replace(/^\//, ''));
  files.forEach((f) => expect(existsSync(path.join(dist(registry.shell.folder), f))).toBe(true));
  expect(gzipKiB(registry.shell.folder, files)).toBeLessThanOrEqual(budget.login ?? 0);
});
