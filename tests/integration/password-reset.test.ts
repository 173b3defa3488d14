/**
 * Password reset across auth, mailer and content: the mail reaches a real SMTP receiver, its link
 * is followed, and the consequences (new password, sessions ended, notification) are checked.
 */
import { drained, testRedisPrefix } from '@teamapp/service-kit/testing';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { startAuth, userWithToken, type AuthHarness } from '../../services/auth/test/harness';
import { startContent, type ContentHarness } from '../../services/content/test/harness';
import { eventually, startMailer, type MailerHarness } from '../../services/mailer/test/harness';

let auth: AuthHarness;
let mailer: MailerHarness;
let content: ContentHarness;

beforeAll(async () => {
  const prefix = testRedisPrefix();
  auth = await startAuth({ REDIS_PREFIX: prefix });
  mailer = await startMailer({ prefix, appTitle: 'Riverside FC' });
  content = await startContent({ prefix });
});
afterAll(async () => {
  await content.close();
  await mailer.close();
  await auth.close();
});

const INVALID = 'Invalid or expired reset token. Please request a new password reset.';

async function requestLink(email: string): Promise<string> {
  const before = mailer.receiver.mails.length;
  const res = await request(auth.server).post('/api/password-reset/request').send({ email });
  expect(res.status).toBe(200);
  const mail = await eventually(() =>
    mailer.receiver.mails
      .slice(before)
      .find((m) => m.to.includes(email) && /reset/.test(m.subject)),
  );
  const link = /(\S+\/reset-password\?token=\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error('no link in the mail');
  return new URL(link).searchParams.get('token')!;
}

describe('POST /api/password-reset/request', () => {
  it('when the account exists, then a mail with a single-use link is sent', async () => {
    const { email } = await userWithToken(auth);

    const token = await requestLink(email);

    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await auth.service.base.db.execute(
      sql`select token_hash from auth.password_reset_tokens`,
    );
    const hashes = JSON.stringify(stored);
    expect(hashes).not.toContain(token);
  });

  it('when the account does not exist, then the answer is the same and no mail is sent', async () => {
    const known = await userWithToken(auth);
    const a = await request(auth.server)
      .post('/api/password-reset/request')
      .send({ email: known.email });
    const b = await request(auth.server)
      .post('/api/password-reset/request')
      .send({ email: 'ghost@club.test' });

    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    // Both requests' jobs are relayed and every mail job has run.
    await auth.service.base.relay.flush();
    await drained(mailer.queues.queue('mail'));
    expect(mailer.receiver.mails.some((m) => m.to.includes(known.email))).toBe(true);
    expect(mailer.receiver.mails.some((m) => m.to.includes('ghost@club.test'))).toBe(false);
  });

  it.each([[{}], [{ email: '' }], [{ email: 'not-an-email' }]])(
    'when the email is %j, then 400 naming email',
    async (body) => {
      const res = await request(auth.server).post('/api/password-reset/request').send(body);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('email');
    },
  );

  it('when one address asks more than 5 times in an hour, then its extra requests send nothing, and the owner asking from another address still gets a mail', async () => {
    const { email } = await userWithToken(auth);
    const ask = (from: string) =>
      request(auth.server)
        .post('/api/password-reset/request')
        .set('X-Forwarded-For', from)
        .send({ email });
    for (let i = 0; i < 7; i++) expect((await ask('203.0.113.40')).status).toBe(200);
    expect((await ask('198.51.100.40')).status).toBe(200);

    const mails = () => mailer.receiver.mails.filter((m) => m.to.includes(email));
    await eventually(() => mails().length >= 6);
    // Everything asked for has been handled: auth's outbox is relayed and no mail job is left.
    await auth.service.base.relay.flush();
    await eventually(async () => {
      const counts = await auth.service.base.queues
        .queue('mail')
        .getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return Object.values(counts).every((n) => n === 0);
    });
    expect(mails()).toHaveLength(6);
  });
});

describe('POST /api/password-reset/verify and /confirm', () => {
  it('when the mailed link is followed, then the new password works, the old one and old sessions do not, and the user is notified', async () => {
    const user = await userWithToken(auth);
    const token = await requestLink(user.email);

    const verify = await request(auth.server).post('/api/password-reset/verify').send({ token });
    expect(verify.status).toBe(200);
    expect(verify.body.message).toBe('Token verified. Please enter your new password below.');

    const confirm = await request(auth.server)
      .post('/api/password-reset/confirm')
      .send({ token, newPassword: 'Brand!New99' });
    expect(confirm.status).toBe(200);
    expect(confirm.body.message).toBe('Password reset successfully! Redirecting to login...');

    const oldLogin = await request(auth.server)
      .post('/api/auth/login')
      .send({ email: user.email, password: user.password });
    expect(oldLogin.status).toBe(401);
    const oldSession = await request(auth.server)
      .get('/api/user/team')
      .set('Authorization', `Bearer ${user.token}`);
    expect(oldSession.status).toBe(401);
    const newLogin = await request(auth.server)
      .post('/api/auth/login')
      .send({ email: user.email, password: 'Brand!New99' });
    expect(newLogin.status).toBe(200);

    const bearer = { Authorization: `Bearer ${newLogin.body.token}` };
    const notes = await eventually(async () => {
      const res = await request(content.server).get('/api/notifications').set(bearer);
      return res.body.data?.length ? res.body.data : undefined;
    });
    expect(notes[0]).toMatchObject({ title: 'Your password was changed', is_read: false });
    await eventually(() =>
      mailer.receiver.mails.some((m) => m.to.includes(user.email) && /was changed/.test(m.subject)),
    );

    const again = await request(auth.server)
      .post('/api/password-reset/confirm')
      .send({ token, newPassword: 'Other!Pass77' });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(INVALID);
  });

  it('when the token is unknown, then 400 with the documented text', async () => {
    const res = await request(auth.server)
      .post('/api/password-reset/verify')
      .send({ token: 'x'.repeat(43) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(INVALID);
  });

  it('when the token is missing, then 400 with the missing-token text', async () => {
    const res = await request(auth.server).post('/api/password-reset/verify').send({});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      'Invalid or missing reset token. Please request a new password reset.',
    );
  });

  it('when the token has expired, then 400 and the password is unchanged', async () => {
    const user = await userWithToken(auth);
    const token = await requestLink(user.email);
    await auth.service.base.db.execute(
      sql`update auth.password_reset_tokens set expires_at = now() - interval '1 minute'`,
    );

    const res = await request(auth.server)
      .post('/api/password-reset/confirm')
      .send({ token, newPassword: 'Brand!New99' });

    expect(res.status).toBe(400);
    expect(res.body.error).toBe(INVALID);
    const login = await request(auth.server)
      .post('/api/auth/login')
      .send({ email: user.email, password: user.password });
    expect(login.status).toBe(200);
  });

  it('when the new password is weak, then 400 with the documented text and the token still works', async () => {
    const user = await userWithToken(auth);
    const token = await requestLink(user.email);

    const weak = await request(auth.server)
      .post('/api/password-reset/confirm')
      .send({ token, newPassword: 'password' });

    expect(weak.status).toBe(400);
    expect(weak.body.error).toBe('Password does not meet security requirements.');
    const verify = await request(auth.server).post('/api/password-reset/verify').send({ token });
    expect(verify.status).toBe(200);
  });
});
