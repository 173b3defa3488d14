/**
 * Nothing lost: with Redis stopped, a password reset still commits its mail to the outbox; when
 * Redis is back the relay queues it and the mailer delivers it exactly once.
 */
import { drained, testRedisPrefix } from '@teamapp/service-kit/testing';
import request from 'supertest';
import { startAuth, userWithToken, type AuthHarness } from '../../services/auth/test/harness';
import { eventually, startMailer, type MailerHarness } from '../../services/mailer/test/harness';
import { ownRedis, type OwnRedis } from './redis-server';

let redis: OwnRedis;
let auth: AuthHarness;
let mailer: MailerHarness;

beforeAll(async () => {
  redis = await ownRedis();
  const prefix = testRedisPrefix();
  auth = await startAuth({ REDIS_URL: redis.url, REDIS_PREFIX: prefix });
  mailer = await startMailer({ redisUrl: redis.url, prefix });
});
afterAll(async () => {
  await redis.start();
  await mailer.close();
  await auth.close();
  await redis.stop();
});

it('when Redis is down during a reset request, then the mail is delivered exactly once after it returns', async () => {
  const { email } = await userWithToken(auth, 'player');
  await redis.stop();

  const res = await request(auth.server).post('/api/password-reset/request').send({ email });

  expect(res.status).toBe(200);
  expect(await auth.service.base.relay.pending()).toBe(1);
  // A relay pass while Redis is down moves nothing and keeps the job.
  expect(await auth.service.base.relay.flush()).toBe(0);
  expect(await auth.service.base.relay.pending()).toBe(1);
  expect(mailer.receiver.mails.filter((m) => m.to.includes(email))).toHaveLength(0);

  await redis.start();

  await eventually(() => mailer.receiver.mails.some((m) => m.to.includes(email)), 20_000);
  expect(await auth.service.base.relay.pending()).toBe(0);
  // Every job queued has run: a second copy of the mail would have gone out by then.
  await drained(mailer.queues.queue('mail'));
  expect(mailer.receiver.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
});
