/** /players, served by the club remote (mfe-club), through the real auth service's directory. */
import type { Browser } from 'playwright-core';
import { ADMIN } from '../support/config';
import {
  createPlayer,
  launchBrowser,
  logIn,
  newPage,
  openNavigation,
  waitUntil,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

it('when an admin follows Players in the menu, then Team Players shows every member, searchable by name', async () => {
  const player = await createPlayer('Robin Keeper');
  const { context, page } = await newPage(browser);
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');

  const nav = await openNavigation(page);
  await nav.getByRole('link', { name: 'Players' }).click();

  await page.waitForURL('**/players');
  await page.getByRole('heading', { level: 1, name: 'Team Players' }).waitFor();
  const card = page.getByRole('article', { name: 'Robin Keeper' });
  await card.waitFor();
  await card.getByRole('link', { name: player.email }).waitFor();
  await page.getByRole('article', { name: ADMIN.name }).waitFor();

  await page.getByLabel('Search players').fill('keeper');
  await page.getByRole('article', { name: ADMIN.name }).waitFor({ state: 'detached' });
  const cards = page.getByRole('main').getByRole('article');
  await waitUntil('one card left', async () => (await cards.count()) === 1);
  expect(await cards.first().getAttribute('aria-label')).toBe('Robin Keeper');
  await context.close();
});

it('when a player opens /players on a phone, then it is the Team Roster and fits the screen', async () => {
  const player = await createPlayer('Alex Fullback');
  const { context, page } = await newPage(browser, 375);
  await logIn(page, player.email, player.password);
  await page.waitForURL('**/dashboard');

  await page.goto('/players');

  await page.getByRole('heading', { level: 1, name: 'Team Roster' }).waitFor();
  await page.getByRole('article', { name: 'Alex Fullback' }).waitFor();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
  await context.close();
});
