import type { Browser } from 'playwright-core';
import { ADMIN } from '../support/config';
import { launchBrowser, logIn, newPage } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

it('when the password is wrong, then "Invalid email or password" shows', async () => {
  const { context, page } = await newPage(browser);

  await logIn(page, ADMIN.email, 'Not!ThePassword1');

  await page.getByText('Invalid email or password').waitFor();
  expect(page.url()).toContain('/login');
  await context.close();
});

it('when a signed-out visitor opens /dashboard, then they land on /login', async () => {
  const { context, page } = await newPage(browser);

  await page.goto('/dashboard');

  await page.waitForURL('**/login');
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  await context.close();
});

it('when the admin remote cannot load, then /settings shows the unavailable state and the shell keeps working', async () => {
  const { context, page } = await newPage(browser);
  await page.route('**/mfe/admin/**', (route) => route.abort());
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');

  await page.goto('/settings');

  await page.getByText('This part of the app is unavailable').waitFor();
  await page.getByRole('button', { name: 'Logout' }).waitFor();
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await page.getByText(`Welcome back, ${ADMIN.name}!`).waitFor();
  await context.close();
});
