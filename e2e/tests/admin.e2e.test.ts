import type { Browser } from 'playwright-core';
import { ADMIN } from '../support/config';
import { api, launchBrowser, logIn, newPage, openNavigation } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  // Leave the branding as the other tests expect it.
  const token = (await api('POST', '/auth/login', { body: ADMIN })).body.token as string;
  await api('POST', '/settings/reset', { token });
});

/** Reference §2's admin menu, in order; parts not deployed yet have no entry. */
const ADMIN_LINKS = [
  'Dashboard',
  'Schedule',
  'Players',
  'Teams',
  'Users',
  'Attendance',
  'Club Development',
  'Chat',
  'News',
  'Gallery',
  'Documents',
  'Registration',
  'Profile',
  'Settings',
];

it('when an admin signs in, then the greeting and the admin navigation show', async () => {
  const { context, page } = await newPage(browser);

  await logIn(page, ADMIN.email, ADMIN.password);

  await page.waitForURL('**/dashboard');
  await page.getByText(`Welcome back, ${ADMIN.name}!`).waitFor();
  const nav = await openNavigation(page);
  const labels = (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
  expect(labels).toEqual(ADMIN_LINKS.filter((label) => labels.includes(label)));
  // The shell's own entries and those the admin remote publishes in its manifest.
  expect(labels).toEqual(
    expect.arrayContaining([
      'Dashboard',
      'Players',
      'Users',
      'Gallery',
      'Documents',
      'Registration',
      'Profile',
      'Settings',
    ]),
  );
  await context.close();
});

it('when an admin changes the title and header colour, then both stay applied after a reload', async () => {
  const { context, page } = await newPage(browser);
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');

  await page.goto('/settings');
  const title = page.getByLabel('Application Title');
  await title.waitFor();
  await title.fill('Riverside FC');
  await page.getByLabel('Header Color').fill('#7c2d12');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await page.getByText('Settings saved successfully!').waitFor();

  await page.reload();
  await page.getByTestId('app-title').filter({ hasText: 'Riverside FC' }).waitFor();
  expect(await page.title()).toContain('Riverside FC');
  const headerColour = await page
    .locator('header')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(headerColour).toBe('rgb(124, 45, 18)');
  const stored = await api('GET', '/settings');
  expect(stored.body.data).toMatchObject({ appTitle: 'Riverside FC', headerColor: '#7c2d12' });

  // The login page of a signed-out visitor carries the new title too.
  const visitor = await newPage(browser);
  await visitor.page.goto('/login');
  await visitor.page.getByRole('heading', { name: 'Riverside FC Login' }).waitFor();
  await visitor.context.close();
  await context.close();
});

it('when the title is saved in one tab, then another open tab shows it without a reload', async () => {
  const { context, page } = await newPage(browser);
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  const other = await context.newPage();
  await other.goto('/dashboard');
  await other.getByText(`Welcome back, ${ADMIN.name}!`).waitFor();

  await page.goto('/settings');
  await page.getByLabel('Application Title').fill('Harbour United');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await page.getByText('Settings saved successfully!').waitFor();

  await other.getByTestId('app-title').filter({ hasText: 'Harbour United' }).waitFor();
  expect(await other.title()).toContain('Harbour United');
  await context.close();
});

it('when the server refuses a setting, then the admin remote shows the server message', async () => {
  const { context, page } = await newPage(browser);
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto('/settings');

  // The form checks everything the server checks (the contract's schema), so a refusal only the
  // server gives is reached by lengthening the title in flight, after the form's check passed.
  await page.route('**/api/settings', async (route) => {
    const sent = route.request();
    if (sent.method() !== 'PUT') return route.continue();
    const body = JSON.parse(sent.postData() ?? '{}') as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, appTitle: 'x'.repeat(101) }) });
  });
  const title = page.getByLabel('Application Title');
  await title.waitFor();
  await title.fill('Riverside Athletic');
  await page.getByRole('button', { name: 'Save Settings' }).click();

  // The text comes from the content service's 400, through the shell's request function and
  // the remote's own error mapping (no instanceof across bundles).
  await page
    .getByRole('alert')
    .filter({ hasText: 'appTitle must be at most 100 characters' })
    .first()
    .waitFor();
  expect(await page.getByText('Failed to save settings').count()).toBe(0);
  await context.close();
});

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

it('when an admin uploads a logo and removes it, then the server keeps and then drops it', async () => {
  const { context, page } = await newPage(browser);
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto('/settings');

  await page
    .getByLabel('Upload logo')
    .setInputFiles({ name: 'crest.png', mimeType: 'image/png', buffer: PNG_1PX });
  await page.getByText('Logo uploaded successfully!').waitFor();
  expect((await api('GET', '/settings')).body.data).toMatchObject({
    logoUrl: expect.stringMatching(/^data:image\/png;base64,/),
  });
  expect(await page.evaluate(() => localStorage.getItem('teamLogo'))).toMatch(/^data:image\/png/);

  await page
    .getByLabel('Upload logo')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await page.getByText('Please select a valid image file.').waitFor();

  await page.getByRole('button', { name: 'Remove Logo' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Logo removed successfully!').waitFor();
  expect((await api('GET', '/settings')).body.data).toMatchObject({ logoUrl: null });
  await context.close();
});

it('when an admin logs out, then the old token is refused by the server', async () => {
  const { context, page } = await newPage(browser);
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  expect((await api('GET', '/user/team', { token: token! })).status).toBe(200);

  await page.getByRole('button', { name: 'Logout' }).click();

  await page.waitForURL('**/login');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect((await api('GET', '/user/team', { token: token! })).status).toBe(401);
  expect((await api('GET', '/settings', { token: token! })).status).toBe(200);
  expect((await api('PUT', '/settings', { token: token!, body: { appTitle: 'x' } })).status).toBe(
    401,
  );
  await context.close();
});
