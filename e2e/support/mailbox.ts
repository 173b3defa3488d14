/**
 * The tests' mailbox: a real SMTP receiver on the port the platform's mailer sends to, and the
 * password-reset round trip through it (request, the link from the mail, confirm). The calls go
 * out from a loopback address the caller picks, so the gateway's reset rate limit (per address)
 * never counts them against another test.
 */
import { postJsonFrom } from '@teamapp/platform/http';
import { startSmtpReceiver, type SmtpReceiver } from '@teamapp/mailer/test/smtp-receiver';
import { E2E_PORT, SMTP_PORT } from './config';

export type { SmtpReceiver };

export function openMailbox(): Promise<SmtpReceiver> {
  return startSmtpReceiver({ port: SMTP_PORT });
}

const resetCall = (from: string, step: 'request' | 'confirm', body: unknown) =>
  postJsonFrom(from, `http://127.0.0.1:${E2E_PORT}/api/password-reset/${step}`, body);

/** Asks for a password reset for `email` and answers the link the mail carries. */
export async function requestResetLink(
  receiver: SmtpReceiver,
  email: string,
  from: string,
): Promise<string> {
  const before = receiver.mails.length;
  const res = await resetCall(from, 'request', { email });
  if (res.status !== 200) throw new Error(`reset request failed: ${res.status}`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = receiver.mails
      .slice(before)
      .find((m) => m.to.includes(email) && /reset your password/.test(m.subject));
    const link =
      mail && /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no reset mail to ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Resets `email`'s password to `newPassword` through the mailed link. The account then has an
 * unread "Your password was changed" notification, which the bell tests need.
 */
export async function resetPassword(
  receiver: SmtpReceiver,
  email: string,
  newPassword: string,
  from: string,
): Promise<void> {
  const link = await requestResetLink(receiver, email, from);
  const token = new URL(link).searchParams.get('token');
  const res = await resetCall(from, 'confirm', { token, newPassword });
  if (res.status !== 200) throw new Error(`reset confirm failed: ${res.status}`);
}
