/**
 * A team ships its remote alone: mfe-admin is rebuilt with a new page and menu entry while the
 * platform runs; nothing restarts (its static server reads the new files from disk), the shell's
 * files stay byte-identical, and a browser reload shows the new route and entry.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { ADMIN } from '../support/config';
import { launchBrowser, logIn, newPage, openNavigation } from '../support/browser';
import { ROOT } from '@teamapp/platform/registry';

const SHELL_DIST = path.join(ROOT, 'shell', 'dist');
const ADMIN_DIST = path.join(ROOT, 'mfe-admin', 'dist');
const BACKUP = path.join(os.tmpdir(), `teamapp-e2e-admin-dist-${process.pid}`);

/** Every file under dir with the sha256 of its bytes. */
function hashTree(dir: string, base = dir): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(hashes, hashTree(full, base));
    else
      hashes[path.relative(base, full)] = createHash('sha256')
        .update(readFileSync(full))
        .digest('hex');
  }
  return hashes;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  cpSync(ADMIN_DIST, BACKUP, { recursive: true });
});
afterAll(async () => {
  await browser.close();
  // Put the admin remote back as the other tests expect it.
  if (existsSync(BACKUP)) {
    rmSync(ADMIN_DIST, { recursive: true, force: true });
    renameSync(BACKUP, ADMIN_DIST);
  }
});

it('when only the admin remote is rebuilt with a new page, then a reload shows its route and menu entry while the shell is unchanged', async () => {
  const shellBefore = hashTree(SHELL_DIST);
  const { context, page } = await newPage(browser);
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  let nav = await openNavigation(page);
  await nav.getByRole('link', { name: 'Settings' }).waitFor();
  expect(await nav.getByRole('link', { name: 'Release Notes' }).count()).toBe(0);

  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'e2e', 'support', 'build-admin-variant.ts')],
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
  await page.reload();

  nav = await openNavigation(page);
  const labels = (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
  expect(labels.slice(-3)).toEqual(['Profile', 'Release Notes', 'Settings']);
  await nav.getByRole('link', { name: 'Release Notes' }).click();
  await page.waitForURL('**/release-notes');
  await page.getByRole('heading', { level: 1, name: 'Release Notes' }).waitFor();
  await page.getByText('Shipped by the admin team alone.').waitFor();
  expect(hashTree(SHELL_DIST)).toEqual(shellBefore);
  await context.close();
}, 300_000);
