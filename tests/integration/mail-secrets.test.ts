/**
 * The secrets in queued mail, across auth and the mailer: a password reset's link and an
 * invitation's temporary password, queued by auth's own use cases, are nowhere in Redis in plain
 * text (so neither the queue board nor anyone reading Redis sees them), nor in auth's outbox;
 * the mailer still sends both mails with the right link and password, and afterwards the kept
 * jobs hold no secret at all.
 */
import { SECRET_REMOVED } from '@teamapp/contracts';
import { testRedisPrefix, testRedisUrl } from '@teamapp/service-kit/testing';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import request from 'supertest';
import {
  adminToken,
  startAuth,
  userWithToken,
  type AuthHarness,
} from '../../services/auth/test/harness';
import { eventually, startMailer, type MailerHarness } from '../../services/mailer/test/harness';

let auth: AuthHarness;
let mailer: MailerHarness | undefined;
let redis: Redis;
const prefix = testRedisPrefix();

beforeAll(async () => {
  auth = await startAuth({ REDIS_PREFIX: prefix });
  redis = new Redis(testRedisUrl());
});
afterAll(async () => {
  await mailer?.close();
  await auth.close();
  redis.disconnect();
});

/** Everything this test's services keep in Redis, as text: every key and what it holds. */
async function everythingInRedis(): Promise<string> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  const dump = await Promise.all(
    keys.map(async (key) => {
      const type = await redis.type(key);
      const value =
        type === 'hash'
          ? await redis.hgetall(key)
          : type === 'string'
            ? await redis.get(key)
            : type === 'list'
              ? await redis.lrange(key, 0, -1)
              : type === 'set'
                ? await redis.smembers(key)
                : type === 'zset'
                  ? await redis.zrange(key, 0, -1)
                  : type === 'stream'
                    ? await redis.xrange(key, '-', '+')
                    : null;
      return JSON.stringify({ key, type, value });
    }),
  );
  return dump.join('\n');
}

const bullJobKeys = async () =>
  (await redis.keys(`${prefix}bull:mail:*`)).filter((k) => /:[0-9a-f-]{36}$/.test(k));

it('when auth queues a reset mail and an invitation, then neither the link nor the password is readable in Redis or the outbox, and the mailer still sends both', async () => {
  const member = await userWithToken(auth);
  const admin = await adminToken(auth);
  const invited = await request(auth.server)
    .post('/api/email/send-invitation')
    .set('Authorization', `Bearer ${admin}`)
    .send({
      email: 'sealed.invitee@club.test',
      firstName: 'Sid',
      lastName: 'Sealed',
      role: 'player',
    });
  expect(invited.status).toBe(201);
  const reset = await request(auth.server)
    .post('/api/password-reset/request')
    .send({ email: member.email });
  expect(reset.status).toBe(200);
  await auth.service.base.relay.flush();

  // No mailer yet: the jobs wait in the queue, as the board shows them.
  const jobKeys = await eventually(async () => {
    const found = await bullJobKeys();
    return found.length >= 2 ? found : undefined;
  });
  const waiting = await Promise.all(jobKeys.map((key) => redis.hgetall(key)));
  const queued = waiting.map((hash) => JSON.parse(hash.data!) as Record<string, string>);
  expect(queued).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        template: 'password-reset',
        resetUrl: expect.stringMatching(/^sealed:v1:/),
      }),
      expect.objectContaining({
        template: 'invitation',
        tempPassword: expect.stringMatching(/^sealed:v1:/),
      }),
    ]),
  );
  const redisBefore = await everythingInRedis();
  const outbox = JSON.stringify(await auth.service.base.db.execute(sql`select * from auth.outbox`));

  mailer = await startMailer({ prefix });
  const resetMail = await eventually(() =>
    mailer!.receiver.mails.find((m) => m.to.includes(member.email)),
  );
  const invitation = await eventually(() =>
    mailer!.receiver.mails.find((m) => m.to.includes('sealed.invitee@club.test')),
  );
  const link = /(\S+\/reset-password\?token=(\S+))/.exec(resetMail.text);
  const token = link?.[2] ?? '';
  const tempPassword = /Temporary password: (\S+)/.exec(invitation.text)?.[1] ?? '';
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(tempPassword).toMatch(/^[A-Za-z2-9]{8}$/);
  // The mail carries what auth made: the link verifies, the password signs in.
  const verified = await request(auth.server).post('/api/password-reset/verify').send({ token });
  expect(verified.status).toBe(200);
  const login = await request(auth.server)
    .post('/api/auth/login')
    .send({ email: 'sealed.invitee@club.test', password: tempPassword });
  expect(login.status).toBe(200);

  for (const text of [redisBefore, outbox]) {
    expect(text).not.toContain(token);
    expect(text).not.toContain(tempPassword);
  }
  // Once sent, the kept jobs hold no secret at all, sealed or not.
  const kept = await eventually(async () => {
    const jobs = await Promise.all(
      jobKeys.map(
        async (key) => JSON.parse((await redis.hget(key, 'data'))!) as Record<string, string>,
      ),
    );
    return jobs.every((j) => (j.resetUrl ?? j.tempPassword) === SECRET_REMOVED) ? jobs : undefined;
  });
  expect(kept).toHaveLength(2);
  const redisAfter = await everythingInRedis();
  expect(redisAfter).not.toContain(token);
  expect(redisAfter).not.toContain(tempPassword);
  expect(redisAfter).not.toContain('sealed:v1:');
});
