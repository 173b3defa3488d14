/**
 * axe-core over the screens the e2e flows open, with the rules axe enables by default: every WCAG
 * 2.0, 2.1 and 2.2 A and AA rule it turns on, and its best practices. An audit collects the
 * findings of many views, so one long flow can report every problem at once, with rule ids and
 * the elements at fault.
 */
import axe from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Only violations are read: axe then details one node of each pass instead of every one. (Naming
 * tags to run would also turn on ten rules axe leaves off by default, target-size among them.)
 */
const RUN_OPTIONS: axe.RunOptions = { resultTypes: ['violations'] };

/** Impacts that fail the build; moderate and minor ones are reported only. */
const BLOCKING = new Set(['serious', 'critical']);

export interface Finding {
  view: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Animations and transitions that move the screen for a while: running, longer than an instant,
 * and finite (a spinner's endless turn is not one: it never stops, and reduced motion keeps it).
 */
export function movingAnimations(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      document.getAnimations().filter((a) => {
        const timing = a.effect?.getComputedTiming();
        return (
          a.playState === 'running' &&
          Number(timing?.duration ?? 0) > 0 &&
          Number.isFinite(Number(timing?.endTime ?? 0))
        );
      }).length,
  );
}

/** Waits until the screen is still: nothing loading, fonts in, nothing moving, no popup fading. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      ![...document.querySelectorAll('[role="status"]')].some((el) =>
        /Loading|Verifying/.test(el.textContent ?? ''),
      ),
    undefined,
    { polling: 100 },
  );
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => {
        const timing = a.effect?.getComputedTiming();
        return a.playState !== 'running' || !Number.isFinite(Number(timing?.endTime ?? 0));
      }),
    undefined,
    { polling: 100 },
  );
  // A dialog or menu is drawn at opacity 0 for a frame or two before its fade-in starts (no
  // animation runs yet): wait until each one, and everything around it, is fully opaque.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"]')].every(
        (popup) => {
          if (popup.getClientRects().length === 0) return true; // not drawn at all
          for (let el: Element | null = popup; el; el = el.parentElement) {
            if (Number(getComputedStyle(el).opacity) < 1) return false;
          }
          return true;
        },
      ),
    undefined,
    { polling: 100 },
  );
}

export class AxeAudit {
  readonly findings: Finding[] = [];
  readonly views: string[] = [];

  /**
   * Puts axe into every page of `context` as the page loads, so a check after a navigation need
   * not send axe's half a megabyte of source to the page and compile it there first.
   */
  static async onEveryPage(context: BrowserContext): Promise<void> {
    await context.addInitScript(axe.source);
  }

  /** Settles the page, runs axe on it and records what it found under `view`. */
  async check(page: Page, view: string): Promise<void> {
    await settle(page);
    // axe runs once, in the page (the screens have no frames). A page opened without onEveryPage
    // gets axe on its first check.
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
    const results = await page.evaluate(
      (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
      RUN_OPTIONS,
    );
    this.views.push(view);
    for (const violation of results.violations) {
      this.findings.push({
        view,
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      });
    }
  }

  /**
   * WCAG 1.4.10 Reflow: at `width` CSS pixels (320 is the criterion's; 200% zoom of 640 is the
   * same), the page must not scroll sideways. Recorded as a serious finding when it does.
   */
  async checkReflow(page: Page, view: string, width = 320): Promise<void> {
    const size = page.viewportSize();
    await page.setViewportSize({ width, height: size?.height ?? 900 });
    await settle(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > width) {
      const wide = await page.evaluate((limit) => {
        const over = [...document.querySelectorAll<HTMLElement>('body *')].filter(
          (el) => el.getBoundingClientRect().right > limit + 1,
        );
        return over.slice(0, 5).map((el) => el.tagName.toLowerCase() + (el.id ? `#${el.id}` : ''));
      }, width);
      this.findings.push({
        view: `${view} @${width}`,
        rule: 'reflow',
        impact: 'serious',
        help: `scrolls sideways: ${scrollWidth}px wide at ${width}px`,
        targets: wide,
      });
    }
    if (size) await page.setViewportSize(size);
  }

  blocking(): Finding[] {
    return this.findings.filter((f) => BLOCKING.has(f.impact));
  }

  /** One line per rule: impact, how many views it was found on, and how many elements. */
  summary(): string {
    const byRule = new Map<string, { impact: string; views: number; nodes: number }>();
    for (const f of this.findings) {
      const row = byRule.get(f.rule) ?? { impact: f.impact, views: 0, nodes: 0 };
      row.views += 1;
      row.nodes += f.targets.length;
      byRule.set(f.rule, row);
    }
    const lines = [...byRule].map(
      ([rule, r]) =>
        `  ${r.impact.padEnd(8)} ${rule.padEnd(28)} ${r.views} views, ${r.nodes} nodes`,
    );
    return [`axe: ${this.views.length} views checked`, ...lines].join('\n');
  }

  /**
   * The blocking findings, each with its view and elements: what a failing run prints. With
   * AXE_REPORT=all in the environment, the moderate and minor ones are listed too.
   */
  report(): string {
    const shown = process.env.AXE_REPORT === 'all' ? this.findings : this.blocking();
    return shown
      .map((f) => `${f.view}: [${f.impact}] ${f.rule} (${f.help})\n    ${f.targets.join('\n    ')}`)
      .join('\n');
  }
}
