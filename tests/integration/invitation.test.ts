/**
 * An invitation across auth, content and the mailer: the mail reaches a real SMTP receiver with
 * the club's title, login link and temporary password; signing in with it locks every service
 * until a new password is chosen; the change is told by notification and mail; and deleting the
 * member ends their session everywhere and takes them out of "everyone".
 */
import { randomUUID } from 'node:crypto';
import { testRedisPrefix } from '@teamapp/service-kit/testing';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { adminToken, startAuth, type AuthHarness } from '../../services/auth/test/harness';
import { startContent, type ContentHarness } from '../../services/content/test/harness';
import { eventually, startMailer, type MailerHarness } from '../../services/mailer/test/harness';
import { members, notifications } from '../../services/content/src/db/schema';

let auth: AuthHarness;
let content: ContentHarness;
let mailer: MailerHarness;

beforeAll(async () => {
  const prefix = testRedisPrefix();
  auth = await startAuth({ REDIS_PREFIX: prefix });
  mailer = await startMailer({ prefix });
  content = await startContent({ prefix });
});
afterAll(async () => {
  await content.close();
  await mailer.close();
  await auth.close();
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const memberRow = async (userId: string) =>
  (await content.service.base.db.select().from(members).where(eq(members.userId, userId)))[0];

it('when an admin invites a player, then the whole first sign-in works across the services', async () => {
  // The club's title reaches the mailer from content, as in production.
  const contentAdmin = await content.tokenFor('admin');
  await request(content.server)
    .put('/api/settings')
    .set(bearer(contentAdmin))
    .send({ appTitle: 'Riverside FC' });
  await eventually(async () => (await mailer.service.deps.branding.appTitle()) === 'Riverside FC');
  const admin = await adminToken(auth);

  const invited = await request(auth.server)
    .post('/api/email/send-invitation')
    .set(bearer(admin))
    .send({
      email: 'Nia.Player@Club.test',
      firstName: 'Nia',
      lastName: 'Player',
      role: 'player',
      teamName: 'Riverside FC',
    });
  expect(invited.status).toBe(201);
  const userId = invited.body.data.id as string;

  const mail = await eventually(() =>
    mailer.receiver.mails.find((m) => m.to.includes('nia.player@club.test')),
  );
  expect(mail.subject).toBe('You are invited to Riverside FC');
  expect(mail.html).toContain('href="http://localhost:8080/login"');
  const tempPassword = /Temporary password: (\S+)/.exec(mail.text)?.[1];
  expect(tempPassword).toMatch(/^[A-Za-z2-9]{8}$/);
  await eventually(async () => (await memberRow(userId))?.active === true);

  const signIn = await request(auth.server)
    .post('/api/auth/login')
    .send({ email: 'nia.player@club.test', password: tempPassword });
  expect(signIn.body.user.mustChangePassword).toBe(true);
  const token = signIn.body.token as string;
  const locked = await request(content.server).get('/api/notifications').set(bearer(token));
  expect(locked.status).toBe(403);
  expect(locked.body.code).toBe('password_change_required');

  const changed = await request(auth.server)
    .put('/api/user/change-password')
    .set(bearer(token))
    .send({ currentPassword: tempPassword, newPassword: 'MyOwn!Pass9' });
  expect(changed.status).toBe(200);

  const notes = await eventually(async () => {
    const res = await request(content.server).get('/api/notifications').set(bearer(token));
    return res.status === 200 && res.body.data.length ? res.body.data : undefined;
  });
  expect(notes[0].title).toBe('Your password was changed');
  const changedMail = await eventually(() =>
    mailer.receiver.mails.find(
      (m) => m.to.includes('nia.player@club.test') && /was changed/.test(m.subject),
    ),
  );
  expect(changedMail.text).toContain('every other device was signed out');

  const removed = await request(auth.server).delete(`/api/user/${userId}`).set(bearer(admin));
  expect(removed.status).toBe(200);
  const after = await request(content.server).get('/api/notifications').set(bearer(token));
  expect(after.status).toBe(401);
  await eventually(async () => (await memberRow(userId))?.active === false);
  const reached = await content.service.deps.notifications.deliver(
    randomUUID(),
    { everyone: true },
    { title: 'Club news', message: '' },
  );
  expect(reached).toBeGreaterThan(0);
  const hers = await content.service.base.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, 'Club news')));
  expect(hers).toHaveLength(0);
});
