import type { Browser } from 'playwright-core';
import { createPlayer, launchBrowser, logIn, newPage, openNavigation } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Reference §2's player menu, in order; parts not deployed yet have no entry. */
const PLAYER_LINKS = [
  'Dashboard',
  'Schedule',
  'Team Roster',
  'Teams',
  'Availability',
  'Chat',
  'News',
  'Gallery',
  'Documents',
  'Profile',
];

it('when a player signs in, then the player navigation shows with Team Roster', async () => {
  const player = await createPlayer('Jordan Winger');
  const { context, page } = await newPage(browser);

  await logIn(page, player.email, player.password);

  await page.waitForURL('**/dashboard');
  await page.getByText('Welcome back, Jordan Winger!').waitFor();
  const nav = await openNavigation(page);
  const labels = (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
  expect(labels).toEqual(PLAYER_LINKS.filter((label) => labels.includes(label)));
  // The club remote labels /players Team Roster for players; admin-only entries stay out.
  expect(labels).toEqual(expect.arrayContaining(['Dashboard', 'Gallery', 'Documents', 'Profile']));
  expect(labels).not.toContain('Settings');
  expect(labels).not.toContain('Users');
  await context.close();
});

it('when a player opens /settings, then the restricted notice shows and no form', async () => {
  const player = await createPlayer();
  const { context, page } = await newPage(browser);
  await logIn(page, player.email, player.password);
  await page.waitForURL('**/dashboard');

  await page.goto('/settings');

  await page.getByText('You need administrator privileges to access the settings page.').waitFor();
  expect(await page.getByLabel('Application Title').count()).toBe(0);
  await context.close();
});

it('when a phone-sized screen is used, then the sidebar opens as an overlay and closes again', async () => {
  const player = await createPlayer();
  const { context, page } = await newPage(browser, 375);
  await logIn(page, player.email, player.password);
  await page.waitForURL('**/dashboard');

  await openNavigation(page);
  await page.getByTestId('sidebar-overlay').click({ position: { x: 360, y: 400 } });

  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor({ state: 'hidden' });
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
  await context.close();
});
