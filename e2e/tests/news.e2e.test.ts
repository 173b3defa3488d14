/**
 * Team news, end to end through nginx in Chromium: an admin publishes a post in the dialog (with
 * "Notify everyone" left on) and pins it; a newer post follows. A player sees the pinned post
 * first, with its author and its line breaks, reads it as text (no markup runs), and finds the
 * notification in the bell.
 */
import type { Browser } from 'playwright-core';
import { ADMIN } from '../support/config';
import {
  adminToken,
  api,
  createPlayer,
  launchBrowser,
  logIn,
  newPage,
  waitUntil,
} from '../support/browser';

const RUN = Date.now() % 100_000;
const TITLE = `Season opener ${RUN}`;
const LATER = `Kit day ${RUN}`;
const MARKUP = '<img src=x onerror="window.__newsXss=1">';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

it('when an admin posts and pins news, then a player sees it first with its author and is notified', async () => {
  const player = await createPlayer('Noa Newsreader');

  // The admin publishes in the dialog; "Notify everyone" is on by default.
  const admin = await newPage(browser);
  await logIn(admin.page, ADMIN.email, ADMIN.password);
  await admin.page.waitForURL('**/dashboard');
  await admin.page.goto('/news');
  await admin.page.getByRole('button', { name: 'Create Post' }).click();
  const form = admin.page.getByRole('dialog', { name: 'Create News Post' });
  await form.getByLabel(/^Title/).fill(TITLE);
  await form.getByLabel(/^Content/).fill(`Kick-off at three.\nBring a friend.\n${MARKUP}`);
  await form.getByLabel(/^Image URL/).fill('javascript:alert(1)');
  await form.getByText('Enter an address that starts with http:// or https://.').waitFor();
  expect(await form.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
  await form.getByLabel(/^Image URL/).fill('');
  expect(await form.getByRole('checkbox', { name: /Notify everyone/ }).isChecked()).toBe(true);
  await form.getByRole('button', { name: 'Publish' }).click();
  await admin.page.getByText('News post published and the team notified.').waitFor();
  await admin.page.getByRole('article', { name: TITLE }).waitFor();

  // A newer post, then the admin pins the first one.
  const later = await api('POST', '/news', {
    token: await adminToken(),
    body: { title: LATER, content: 'Bring old boots.', notify: false },
  });
  expect(later.status).toBe(201);
  await admin.page.reload();
  await admin.page.getByRole('button', { name: `Pin ${TITLE}` }).click();
  await admin.page.getByText(`"${TITLE}" pinned.`).waitFor();
  await admin.page.getByRole('button', { name: `Unpin ${TITLE}` }).waitFor();

  // The player: the pinned post first, by the admin, as plain text with its line breaks.
  const member = await newPage(browser);
  await logIn(member.page, player.email, player.password);
  await member.page.waitForURL('**/dashboard');
  await member.page.goto('/news');
  const first = member.page.getByRole('article').first();
  await first.getByRole('heading', { name: TITLE }).waitFor();
  await first.getByText('Pinned', { exact: true }).waitFor();
  await first.getByText(`By ${ADMIN.name} on`).waitFor();
  const content = first.getByText(/Kick-off at three\./);
  expect(await content.innerText()).toBe(`Kick-off at three.\nBring a friend.\n${MARKUP}`);
  expect(await first.locator('img').count()).toBe(0);
  expect(await member.page.evaluate(() => (window as { __newsXss?: number }).__newsXss)).toBe(
    undefined,
  );
  const titles = await member.page
    .getByRole('article')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
  expect(titles.indexOf(TITLE)).toBeLessThan(titles.indexOf(LATER));
  expect(await member.page.getByRole('button', { name: 'Create Post' }).count()).toBe(0);
  expect(await member.page.getByRole('button', { name: `Unpin ${TITLE}` }).count()).toBe(0);

  // The bell: the post's notification, unread.
  await member.page.goto('/dashboard');
  const bell = member.page.getByRole('button', { name: /^Notifications/ });
  await waitUntil('the news notification', async () => {
    if (/unread/.test((await bell.getAttribute('aria-label')) ?? '')) return true;
    await member.page.reload();
    return false;
  });
  await bell.click();
  await member.page.getByText(`News: ${TITLE}`).waitFor();
  await member.page.getByText('Kick-off at three. Bring a friend.', { exact: false }).waitFor();
  expect(await member.page.getByText(`News: ${LATER}`).count()).toBe(0);

  await admin.context.close();
  await member.context.close();
});
