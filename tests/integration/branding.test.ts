/**
 * Branding reaches the mailer as an event: content publishes its settings through its outbox and
 * the mailer, which never calls content, sends the next mail with the new app title.
 */
import { randomUUID } from 'node:crypto';
import { testRedisPrefix } from '@teamapp/service-kit/testing';
import request from 'supertest';
import { startContent, type ContentHarness } from '../../services/content/test/harness';
import { eventually, startMailer, type MailerHarness } from '../../services/mailer/test/harness';

let content: ContentHarness;
let mailer: MailerHarness;

beforeAll(async () => {
  const prefix = testRedisPrefix();
  mailer = await startMailer({ prefix });
  // Nothing published yet: the mailer would send with the default title.
  expect(await mailer.service.deps.branding.current()).toBeUndefined();
  content = await startContent({ prefix });
});
afterAll(async () => {
  await content.close();
  await mailer.close();
});

it('when content starts, then it publishes its branding and the mailer keeps it', async () => {
  const kept = await eventually(() => mailer.service.deps.branding.current());
  expect(kept.appTitle).toBe('TeamApp');
});

it('when an admin renames the club, then the next mail carries the new title', async () => {
  const admin = await content.tokenFor('admin');
  const saved = await request(content.server)
    .put('/api/settings')
    .set('Authorization', `Bearer ${admin}`)
    .send({ appTitle: 'Lakeside United' });
  expect(saved.status).toBe(200);
  await eventually(
    async () => (await mailer.service.deps.branding.appTitle()) === 'Lakeside United',
  );

  await mailer.queues.add(
    'mail',
    { template: 'password-changed', to: 'renamed@club.test', name: 'Sam' },
    randomUUID(),
  );

  const mail = await eventually(() =>
    mailer.receiver.mails.find((m) => m.to.includes('renamed@club.test')),
  );
  expect(mail.subject).toBe('Lakeside United: your password was changed');
  expect(mail.html).toContain('Lakeside United');
});
