/**
 * Keyboard only: sign in, skip to the content, open the bell and mark all read, change a setting
 * and save, sign out, with page.keyboard alone (no mouse, no clicks). Every button and link the
 * flow lands on must show a focus ring, and dialogs give focus back to what opened them.
 */
import type { Browser, Page } from 'playwright-core';
import { api, launchBrowser, newPage, waitUntil } from '../support/browser';
import { ADMIN } from '../support/config';
import { openMailbox, resetPassword, type SmtpReceiver } from '../support/mailbox';

/** This file's own address for password-reset calls (the gateway limits them per address). */
const FROM = '127.0.0.5';

let browser: Browser;
let mailbox: SmtpReceiver;
beforeAll(async () => {
  mailbox = await openMailbox();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await mailbox.close();
  const token = (await api('POST', '/auth/login', { body: ADMIN })).body.token as string;
  await api('POST', '/settings/reset', { token });
});

interface Focused {
  /** Role and accessible name as Chromium computes them, e.g. `button "Logout"`. */
  name: string;
  tag: string;
  /** A visible focus indicator: an outline that is drawn. */
  ring: boolean;
}

async function focused(page: Page): Promise<Focused> {
  const element = page.locator('*:focus');
  const snapshot = (await element.count()) ? await element.ariaSnapshot() : '';
  const line = snapshot.split('\n')[0] ?? '';
  const name = line.replace(/^- /, '').replace(/:$/, '');
  const { tag, ring } = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const style = el ? getComputedStyle(el) : null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      ring: !!style && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
    };
  });
  return { name, tag, ring };
}

/** Presses Tab (Shift+Tab with `back`) until the focused element's role and name match. */
async function tabTo(page: Page, target: RegExp, back = false): Promise<Focused> {
  const seen: string[] = [];
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    seen.push(now.name);
    if (target.test(now.name)) {
      if ((now.tag === 'button' || now.tag === 'a') && !now.ring) {
        throw new Error(`${now.name} has no visible focus ring`);
      }
      return now;
    }
  }
  throw new Error(`Tab never reached ${target}; it went through:\n  ${seen.join('\n  ')}`);
}

it('when an admin uses only the keyboard, then they sign in, read notifications, save a setting and sign out', async () => {
  // The admin resets their password (to the same one): an unread notification to mark read.
  await resetPassword(mailbox, ADMIN.email, ADMIN.password, FROM);
  const { context, page } = await newPage(browser);
  await page.goto('/login');

  // Forgot password opens a dialog that takes focus and gives it back when closed.
  await tabTo(page, /^button "Forgot your password\?"/);
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByLabel('Email').waitFor();
  expect((await focused(page)).name).toMatch(/^textbox "Email/);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  expect((await focused(page)).name).toMatch(/^button "Forgot your password\?"/);

  await tabTo(page, /^textbox "Email/, true);
  await page.keyboard.type(ADMIN.email);
  await tabTo(page, /^textbox "Password/);
  await page.keyboard.type(ADMIN.password);
  // Hold the sign-in answer back a moment, so "Signing in..." can be seen in its live region.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/login', async (route) => {
    await held;
    await route.continue();
  });
  await page.keyboard.press('Enter');
  await page
    .getByRole('status')
    .filter({ hasText: 'Signing in...' })
    .waitFor({ state: 'attached' });
  release();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: `Welcome back, ${ADMIN.name}!` }).waitFor();

  // The first Tab reaches the skip link, which moves focus into the main content.
  const skip = await tabTo(page, /^link "Skip to main content"/);
  expect(skip.ring).toBe(true);
  expect(await page.getByRole('link', { name: 'Skip to main content' }).isVisible()).toBe(true);
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

  // The bell: open, mark all read, close; focus returns to the bell.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await waitUntil('an unread notification', async () =>
    /unread/.test((await bell.getAttribute('aria-label')) ?? ''),
  );
  await tabTo(page, /^button "Notifications \(\d+ unread\)"/, true);
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
  await tabTo(page, /^button "Mark all read"/);
  await page.keyboard.press('Enter');
  await waitUntil(
    'the unread count to clear',
    async () => (await bell.getAttribute('aria-label')) === 'Notifications',
  );
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  expect((await focused(page)).name).toMatch(/^button "Notifications"/);

  // Settings through the sidebar: change the title and save.
  await tabTo(page, /^button "Toggle navigation"/, true);
  await page.keyboard.press('Enter');
  await tabTo(page, /^link "Settings"/);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/settings');
  await page.getByLabel('Application Title').waitFor();
  await tabTo(page, /^textbox "Application Title/);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Keyboard FC');
  await tabTo(page, /^button "Save Settings"/);
  await page.keyboard.press('Enter');
  await page.getByText('Settings saved successfully!').waitFor();
  await page.getByTestId('app-title').filter({ hasText: 'Keyboard FC' }).waitFor();
  expect(await page.title()).toBe('Settings · Keyboard FC');

  // Sign out.
  await tabTo(page, /^button "Logout"/, true);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/login');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await context.close();
}, 120_000);
