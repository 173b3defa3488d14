/**
 * One request followed from the gateway to the mail: the request id the gateway sets on a
 * password-reset request travels with the job it queues (outbox, then the `mail` queue) and is on
 * the mailer's log line for the mail it sent.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testRedisPrefix } from '@teamapp/service-kit/testing';
import request from 'supertest';
import { startAuth, userWithToken, type AuthHarness } from '../../services/auth/test/harness';
import { eventually, startMailer, type MailerHarness } from '../../services/mailer/test/harness';

let auth: AuthHarness;
let mailer: MailerHarness;
const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'teamapp-log-')), 'mailer.log');

beforeAll(async () => {
  const prefix = testRedisPrefix();
  auth = await startAuth({ REDIS_PREFIX: prefix });
  mailer = await startMailer({ prefix, appTitle: 'Riverside FC', logFile });
});
afterAll(async () => {
  await mailer.close();
  await auth.close();
});

const logLines = () =>
  readFileSync(logFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('a request id from the gateway to the mail', () => {
  it('when a reset is requested with X-Request-Id, then the mail job and the mailer log carry it', async () => {
    const { email } = await userWithToken(auth);
    const requestId = `gw-${Date.now().toString(36)}`;

    const res = await request(auth.server)
      .post('/api/password-reset/request')
      .set('X-Request-Id', requestId)
      .send({ email });

    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe(requestId);
    const sent = await eventually(() =>
      logLines().find((line) => line.msg === 'mail sent' && line.requestId === requestId),
    );
    expect(sent).toMatchObject({ service: 'mailer', template: 'password-reset' });
    const job = await mailer.queues.queue('mail').getJob(String(sent.jobId));
    expect(job?.data).toMatchObject({ to: email, requestId });
    expect(mailer.receiver.mails.some((m) => m.to.includes(email))).toBe(true);
  });

  it('when a request comes without an id, then one is made up, returned and carried the same way', async () => {
    const { email } = await userWithToken(auth);

    const res = await request(auth.server).post('/api/password-reset/request').send({ email });

    const requestId = String(res.headers['x-request-id']);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await eventually(() =>
      logLines().find((line) => line.msg === 'mail sent' && line.requestId === requestId),
    );
  });
});
