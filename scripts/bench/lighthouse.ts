/**
 * Lighthouse's four scores (Performance, Accessibility, Best Practices, SEO) for the public
 * pages: /login, and the showcase at / once its remote is deployed. Lighthouse's default mobile
 * profile, Debian's Chromium with the flags this machine needs, on a platform started exactly as
 * the e2e setup starts it. The bar: Accessibility 100 and Best Practices 100 everywhere, SEO 95 on
 * public pages; a page below it is listed with the audits that cost the points, and the run exits
 * non-zero. Builds the frontends when stale: npm run bench:lighthouse
 *
 * Lighthouse runs as its own CLI process, not imported: it sends functions to the page as source
 * text, and tsx's compiled helpers (`__name`) would travel with them and break in the page.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Result as LighthouseResult } from 'lighthouse';
import { buildFrontendsIfStale } from '@teamapp/platform/build-frontends';
import { CHROMIUM_ARGS } from '@teamapp/platform/chromium';
import { loadRegistry, ROOT } from '@teamapp/platform/registry';
import { runMain } from './run-main';
import { startBenchPlatform } from './running';

const PORT = Number(process.env.BENCH_PORT ?? 38280);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

const LABELS: Record<Category, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best Practices',
  seo: 'SEO',
};

const BAR: Partial<Record<Category, number>> = {
  accessibility: 100,
  'best-practices': 100,
  seo: 95,
};

interface PageResult {
  page: string;
  scores: Record<Category, number>;
  /** Audits that lost points in a category below the bar, as "category: audit title". */
  misses: string[];
}

/** Whether the showcase's remote is deployed: the manifest names mfe_club in any form. */
async function showcaseDeployed(url: string): Promise<boolean> {
  try {
    const manifest = await (await fetch(`${url}/remotes.json`)).text();
    return manifest.includes('mfe_club');
  } catch {
    return false;
  }
}

const run = promisify(execFile);

async function audit(url: string, page: string): Promise<PageResult> {
  const cli = path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const { stdout } = await run(
    process.execPath,
    [
      cli,
      `${url}${page}`,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`,
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH || '/usr/bin/chromium' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const lhr = JSON.parse(stdout) as LighthouseResult;
  if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
  const scores = {} as Record<Category, number>;
  const misses: string[] = [];
  for (const category of CATEGORIES) {
    const entry = lhr.categories[category];
    scores[category] = Math.round((entry?.score ?? 0) * 100);
    const bar = BAR[category];
    if (bar === undefined || scores[category] >= bar || !entry) continue;
    for (const ref of entry.auditRefs) {
      const detail = lhr.audits[ref.id];
      if (ref.weight > 0 && detail && detail.score !== null && detail.score < 1) {
        misses.push(`${LABELS[category]}: ${detail.title}`);
      }
    }
  }
  return { page, scores, misses };
}

function lighthouseVersion(): string {
  const file = path.join(ROOT, 'node_modules', 'lighthouse', 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

function table(results: PageResult[]): string {
  const header = ['page', ...CATEGORIES.map((c) => LABELS[c])];
  const rows = results.map((r) => [r.page, ...CATEGORIES.map((c) => String(r.scores[c]))]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

async function main() {
  buildFrontendsIfStale(loadRegistry());
  const platform = await startBenchPlatform('lighthouse', {
    port: PORT,
  });
  try {
    const pages = ['/login'];
    if (await showcaseDeployed(platform.url)) pages.push('/');
    const results: PageResult[] = [];
    // One page at a time: Lighthouse measures timing, so nothing else should run beside it.
    for (const page of pages) results.push(await audit(platform.url, page));

    const below = results.filter((r) => r.misses.length > 0);
    process.stdout.write(
      [
        `Lighthouse ${lighthouseVersion()}, mobile profile, ${platform.url}`,
        table(results),
        ...(pages.includes('/') ? [] : ['(the showcase at / is not deployed yet: not measured)']),
        ...below.flatMap((r) => [`${r.page} is below the bar:`, ...r.misses.map((m) => `  ${m}`)]),
        below.length ? 'FAILED: below the bar' : 'all pages meet the bar',
        '',
      ].join('\n'),
    );
    if (below.length) process.exitCode = 1;
  } finally {
    await platform.stop();
  }
}

runMain(main);
