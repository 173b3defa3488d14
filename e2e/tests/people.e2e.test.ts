/**
 * People, end to end through nginx in Chromium: an admin invites a player on /users, the player
 * reads the invitation in the mailbox, signs in with the temporary password and must choose a
 * new one first, edits their own card (name read-only), uploads a picture and sees it in the
 * header; the admin sees Coach Notes the player never receives; deleting the player ends the
 * player's open session.
 */
import type { Browser } from 'playwright-core';
import { ADMIN } from '../support/config';
import { api, launchBrowser, logIn, newPage, waitUntil } from '../support/browser';
import { openMailbox, type SmtpReceiver } from '../support/mailbox';

const PNG_8PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4ISeHFTEMLQkAkL9BAaxyLUcAAAAASUVORK5CYII=',
  'base64',
);

let browser: Browser;
let mailbox: SmtpReceiver;
beforeAll(async () => {
  mailbox = await openMailbox();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await mailbox.close();
});

it('when an admin invites a player, then the player signs in from the mail, chooses a password, edits their card and picture, and loses the session when deleted', async () => {
  const email = `nia.${Date.now()}@e2e.test`;
  const admin = await newPage(browser);
  await logIn(admin.page, ADMIN.email, ADMIN.password);
  await admin.page.waitForURL('**/dashboard');

  // The admin invites Nia on /users.
  await admin.page.goto('/users');
  await admin.page.getByRole('button', { name: 'Invite User' }).click();
  const invite = admin.page.getByRole('dialog', { name: 'Invite User' });
  await invite.getByLabel('First Name').fill('Nia');
  await invite.getByLabel('Last Name').fill('Player');
  await invite.getByLabel('Email').fill(email.toUpperCase());
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await invite
    .getByText('Invitation sent successfully! The user will receive login credentials via email.')
    .waitFor();
  await invite.waitFor({ state: 'hidden', timeout: 10_000 });
  const row = admin.page.getByRole('listitem').filter({ hasText: email });
  await row.getByText('Invitation pending').waitFor();

  // The mail carries the login link and the temporary password.
  const mail = await waitUntil('the invitation mail', async () =>
    mailbox.mails.find((m) => m.to.includes(email) && /invited/.test(m.subject)),
  );
  if (!mail) throw new Error('no invitation mail');
  const tempPassword = /Temporary password: (\S+)/.exec(mail.text)?.[1] ?? '';
  expect(tempPassword).toMatch(/^[A-Za-z0-9]{8}$/);
  expect(mail.text).toMatch(/Sign in: http:\/\/\S+\/login/);

  // Nia signs in with it and must choose her own password before anything else.
  const player = await newPage(browser);
  await logIn(player.page, email, tempPassword);
  await player.page.waitForURL('**/choose-password');
  await player.page.goto('/players');
  await player.page.waitForURL('**/choose-password');
  const blocked = await api('GET', '/user/all', {
    token: await player.page.evaluate(() => localStorage.getItem('token') ?? ''),
  });
  expect(blocked.status).toBe(403);
  expect(blocked.body.code).toBe('password_change_required');
  await player.page.getByLabel('Temporary Password').fill(tempPassword);
  await player.page.getByLabel(/^New Password/).fill('Nia!Strong2026');
  await player.page.getByLabel('Confirm New Password').fill('Nia!Strong2026');
  await player.page.getByRole('button', { name: 'Save Password' }).click();
  await player.page.waitForURL('**/dashboard');
  await player.page.getByRole('heading', { name: 'Welcome back, Nia Player!' }).waitFor();

  // She edits her own card: name read-only, nickname saved.
  await player.page.goto('/players');
  await player.page.getByRole('button', { name: 'Edit Nia Player' }).click();
  const edit = player.page.getByRole('dialog', { name: 'Edit Nia Player' });
  expect(await edit.getByLabel('Name', { exact: true }).getAttribute('readonly')).not.toBeNull();
  await edit.getByText('Contact an admin to change your name').waitFor();
  await edit.getByLabel('Nickname').fill('The Wall');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await player.page.getByRole('article', { name: 'Nia Player' }).getByText('“The Wall”').waitFor();
  expect(await player.page.getByText('Coach Notes').count()).toBe(0);

  // Her picture: uploaded on /profile, shown in the header without a reload.
  await player.page.goto('/profile');
  const started = Date.now();
  await player.page
    .getByLabel('Upload profile picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_8PX });
  await player.page.getByText('Profile picture updated successfully!').waitFor();
  const avatar = player.page.getByTestId('header-avatar');
  await avatar.waitFor();
  await waitUntil('the header picture to load', () =>
    avatar.evaluate(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 128,
    ),
  );
  process.stdout.write(`picture upload to visible in the header: ${Date.now() - started} ms\n`);
  const src = (await avatar.getAttribute('src')) ?? '';
  const stored = await fetch(new URL(src, player.page.url()));
  expect(stored.headers.get('content-type')).toBe('image/webp');
  expect(stored.headers.get('x-content-type-options')).toBe('nosniff');
  process.stdout.write(`128 px picture stored: ${(await stored.arrayBuffer()).byteLength} bytes\n`);

  // The admin writes a coach note; the player's directory never carries it.
  await admin.page.goto('/players');
  await admin.page.getByRole('button', { name: 'Edit Nia Player' }).click();
  const adminEdit = admin.page.getByRole('dialog', { name: 'Edit Nia Player' });
  await adminEdit.getByLabel('Coach Notes').fill('Great reflexes; work on distribution.');
  await adminEdit.getByRole('button', { name: 'Save Changes' }).click();
  await admin.page
    .getByRole('article', { name: 'Nia Player' })
    .getByText('Great reflexes; work on distribution.')
    .waitFor();
  const playerToken = await player.page.evaluate(() => localStorage.getItem('token') ?? '');
  const directory = await api('GET', '/user/all', { token: playerToken });
  expect(JSON.stringify(directory.body)).not.toContain('Great reflexes');

  // Deleting Nia ends her open session: her next call signs her out.
  await admin.page.goto('/users');
  await admin.page.getByRole('button', { name: 'Delete Nia Player' }).click();
  const confirm = admin.page.getByRole('dialog', { name: 'Delete Nia Player' });
  await confirm
    .getByText('Are you sure you want to remove this user? This action cannot be undone.')
    .waitFor();
  await confirm.getByRole('button', { name: 'Delete User' }).click();
  await admin.page.getByRole('listitem').filter({ hasText: email }).waitFor({ state: 'detached' });
  expect((await api('GET', '/user/all', { token: playerToken })).status).toBe(401);
  await player.page.goto('/players');
  await player.page.waitForURL('**/login');

  await admin.context.close();
  await player.context.close();
}, 240_000);
