import type { Browser } from 'playwright-core';
import { ADMIN } from '../support/config';
import {
  api,
  createPlayer,
  launchBrowser,
  logIn,
  newPage,
  openNavigation,
} from '../support/browser';

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

it('when a member signs another device out, then that device is refused at once and lands on /login; "Sign out everywhere else" ends the rest', async () => {
  const player = await createPlayer('Dana Devices');
  const laptop = await newPage(browser);
  const phone = await newPage(browser, 375);
  await logIn(laptop.page, player.email, player.password);
  await laptop.page.waitForURL('**/dashboard');
  await logIn(phone.page, player.email, player.password);
  await phone.page.waitForURL('**/dashboard');

  // The laptop sees both devices, itself marked, and signs the phone out after confirming.
  await laptop.page.goto('/profile');
  const section = laptop.page.getByRole('region', { name: 'Signed-in Devices' });
  const devices = section.getByTestId('device');
  await devices.nth(1).waitFor();
  expect(await devices.count()).toBe(2);
  expect(await section.getByText('This device', { exact: true }).count()).toBe(1);
  await section.getByText('This computer').first().waitFor();
  const signOut = section.getByRole('button', { name: /^Sign out .+ on .+$/ });
  expect(await signOut.count()).toBe(1);
  await signOut.click();
  const dialog = laptop.page.getByRole('dialog', { name: 'Sign Out Device' });
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  await section.getByText('Only this device is signed in.').waitFor();

  // The phone's next call is refused and it is sent to sign in again.
  const refused = phone.page.waitForResponse(
    (res) => res.url().includes('/api/') && res.status() === 401,
  );
  const nav = await openNavigation(phone.page);
  await nav.getByRole('link', { name: 'Profile' }).click();
  await refused;
  await phone.page.waitForURL('**/login');

  // Two more devices, then "Sign out everywhere else" leaves only the laptop.
  await logIn(phone.page, player.email, player.password);
  await phone.page.waitForURL('**/dashboard');
  const script = await api('POST', '/auth/login', {
    body: { email: player.email, password: player.password },
  });
  const scriptToken = script.body.token as string;
  expect((await api('GET', '/auth/sessions', { token: scriptToken })).status).toBe(200);
  await laptop.page.reload();
  await devices.nth(2).waitFor();
  await section.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await laptop.page
    .getByRole('dialog', { name: 'Sign Out Everywhere Else' })
    .getByRole('button', { name: 'Sign out everywhere else' })
    .click();
  await section.getByText('Signed out of 2 other devices.').waitFor();
  await section.getByText('Only this device is signed in.').waitFor();
  expect((await api('GET', '/auth/sessions', { token: scriptToken })).status).toBe(401);
  await phone.page.reload();
  await phone.page.waitForURL('**/login');
  // The laptop itself is still signed in.
  await laptop.page.reload();
  await section.getByText('This device', { exact: true }).waitFor();

  await laptop.context.close();
  await phone.context.close();
});
