/**
 * Forgot password end to end: the modal on /login, the mail caught by a real SMTP receiver, its
 * link opened in Chromium, a new password set, signed in with it, and the notification in the bell.
 */
import type { Browser } from 'playwright-core';
import { startSmtpReceiver, type SmtpReceiver } from '@teamapp/mailer/test/smtp-receiver';
import { SMTP_PORT } from '../support/config';
import { settled } from '../support/settled';
import { api, createPlayer, launchBrowser, logIn, newPage, waitUntil } from '../support/browser';

let browser: Browser;
let receiver: SmtpReceiver;
beforeAll(async () => {
  receiver = await startSmtpReceiver({ port: SMTP_PORT });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await receiver.close();
});

async function mailTo(address: string, subject: RegExp) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = receiver.mails.find((m) => m.to.includes(address) && subject.test(m.subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

it('when a player resets a forgotten password, then the new one works, the old one does not, and the bell says so', async () => {
  const player = await createPlayer('Robin Reset');
  const oldSession = (await api('POST', '/auth/login', { body: player })).body.token as string;
  const { context, page } = await newPage(browser);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(`  ${player.email.toUpperCase()} `);
  await dialog.getByRole('button', { name: 'Send Reset Instructions' }).click();
  await dialog.getByText('Check Your Email').waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();

  const mail = await mailTo(player.email, /reset your password/);
  const link = /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(link).toBeDefined();
  expect(mail.html).toContain(link!);

  await page.goto(link!);
  await page.getByText('Token verified. Please enter your new password below.').waitFor();
  const submit = page.getByRole('button', { name: 'Reset Password' });
  await page.getByLabel('New Password').fill('weak');
  expect(await submit.isDisabled()).toBe(true);
  await page.getByLabel('New Password').fill('Fresh!Start42');
  await page.getByLabel('Confirm Password').fill('Fresh!Start4');
  expect(await submit.isDisabled()).toBe(true);
  await page.getByLabel('Confirm Password').fill('Fresh!Start42');
  await submit.click();
  await page.getByText('Password reset successfully! Redirecting to login...').waitFor();
  await page.waitForURL('**/login', { timeout: 10_000 });

  expect(
    (await api('POST', '/auth/login', { body: { email: player.email, password: player.password } }))
      .status,
  ).toBe(401);
  expect((await api('GET', '/user/team', { token: oldSession })).status).toBe(401);
  await logIn(page, player.email, 'Fresh!Start42');
  await page.waitForURL('**/dashboard');

  const bell = page.getByRole('button', { name: /^Notifications/ });
  await waitUntil('the unread badge', async () =>
    /1 unread/.test((await bell.getAttribute('aria-label')) ?? ''),
  );
  await bell.click();
  const item = page.getByRole('button', { name: 'Unread: Your password was changed' });
  await item.waitFor();
  await item.click();
  await waitUntil(
    'the badge to clear',
    async () => (await bell.getAttribute('aria-label')) === 'Notifications',
  );
  await page.getByRole('button', { name: 'Your password was changed', exact: true }).waitFor();
  await mailTo(player.email, /password was changed/);

  const reused = await api('POST', '/password-reset/verify', {
    body: { token: new URL(link!).searchParams.get('token') },
  });
  expect(reused.status).toBe(400);
  expect(reused.body.error).toBe(
    'Invalid or expired reset token. Please request a new password reset.',
  );
  await context.close();
});

it('when a reset is asked for an unknown address, then the answer is the same and no mail is sent', async () => {
  const res = await api('POST', '/password-reset/request', { body: { email: 'ghost@e2e.test' } });

  expect(res.status).toBe(200);
  expect(res.body.message).toBe(
    'Password reset instructions have been sent to your email address.',
  );
  // Every mail job queued so far has run: one for the ghost would have been received by now.
  await settled(['auth', 'mailer'], ['mail']);
  expect(receiver.mails.some((m) => m.to.includes('ghost@e2e.test'))).toBe(false);
});

it('when the reset page has no token, then only the error and Back to Login show', async () => {
  const { context, page } = await newPage(browser);

  await page.goto('/reset-password');

  await page
    .getByText('Invalid or missing reset token. Please request a new password reset.')
    .waitFor();
  await page.getByRole('link', { name: 'Back to Login' }).waitFor();
  expect(await page.getByRole('button', { name: 'Reset Password' }).count()).toBe(0);
  await context.close();
});
