/**
 * /api/auth/sessions on the real auth app, database and Redis: the member's own devices in words,
 * ending one (only their own) and ending all others; an ended session's token is refused at once,
 * by auth and by another service's authenticator reading the same Redis.
 */
import { Redis } from 'ioredis';
import Koa from 'koa';
import request from 'supertest';
import { createAuthenticator, SessionStore, type AuthUser } from '@teamapp/service-kit';
import { testKeyPair, testRedisPrefix, testRedisUrl } from '@teamapp/service-kit/testing';
import {
  bearer,
  invite,
  adminToken,
  login,
  startAuth,
  userWithToken,
  type AuthHarness,
} from '../../../test/harness';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0';

const PREFIX = testRedisPrefix();
let h: AuthHarness;
let redis: Redis;
/** Another service: the authenticator every service builds, on the same Redis and key. */
let otherService: ReturnType<Koa['callback']>;

beforeAll(async () => {
  h = await startAuth({ REDIS_PREFIX: PREFIX, CLUB_TIME_ZONE: 'America/Chicago' });
  redis = new Redis(testRedisUrl());
  const auth = createAuthenticator(testKeyPair().publicKey, new SessionStore(redis, PREFIX));
  const app = new Koa();
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      ctx.status = (err as { status?: number }).status ?? 500;
    }
  });
  app.use((ctx, next) => auth.requireAuth(ctx as never, next));
  app.use((ctx) => {
    ctx.body = { id: (ctx.state.user as AuthUser).id };
  });
  otherService = app.callback();
});
afterAll(async () => {
  await redis.quit();
  await h.close();
});

/** Signs the member in again from another browser and address. */
async function signInFrom(email: string, password: string, userAgent: string, address: string) {
  const res = await request(h.server)
    .post('/api/auth/login')
    .set('User-Agent', userAgent)
    .set('X-Forwarded-For', address)
    .send({ email, password });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

const list = (token: string) => request(h.server).get('/api/auth/sessions').set(bearer(token));
const end = (token: string, id: string) =>
  request(h.server).delete(`/api/auth/sessions/${id}`).set(bearer(token));
const endOthers = (token: string) =>
  request(h.server).post('/api/auth/sessions/revoke-others').set(bearer(token));
const works = async (token: string) =>
  (await request(h.server).get('/api/user/team').set(bearer(token))).status;
const worksElsewhere = async (token: string) =>
  (await request(otherService).get('/me').set(bearer(token))).status;

describe('GET /api/auth/sessions', () => {
  it('when a member signed in from two browsers, then both are listed in words, this one marked', async () => {
    const m = await userWithToken(h);
    const phone = await signInFrom(m.email, m.password, FIREFOX_ANDROID, '203.0.113.7');
    const laptop = await signInFrom(m.email, m.password, CHROME_MAC, '192.168.1.20');

    const res = await list(laptop);

    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe('America/Chicago');
    const devices = res.body.data as Record<string, unknown>[];
    expect(devices).toHaveLength(3);
    expect(devices.find((d) => d.current)).toMatchObject({
      browser: 'Chrome',
      os: 'macOS',
      device: 'Computer',
      location: 'Local network',
      current: true,
    });
    expect(devices.filter((d) => d.current)).toHaveLength(1);
    expect(devices).toContainEqual(
      expect.objectContaining({
        browser: 'Firefox',
        os: 'Android',
        device: 'Phone',
        location: 'Address 203.0.113.x',
        current: false,
      }),
    );
    for (const d of devices) {
      expect(d.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Date.parse(String(d.createdAt))).not.toBeNaN();
      expect(Date.parse(String(d.lastSeenAt))).not.toBeNaN();
    }
    // The secret session ids in the tokens appear nowhere in the answer.
    for (const token of [phone, laptop, m.token]) {
      const { sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        sid: string;
      };
      expect(JSON.stringify(res.body)).not.toContain(sid);
    }
  });

  it('when no one is signed in, then 401', async () => {
    expect((await request(h.server).get('/api/auth/sessions')).status).toBe(401);
  });

  it('when the member must still choose a new password, then 403', async () => {
    const invited = await invite(h, await adminToken(h));
    const { token } = await login(h, invited.email, invited.tempPassword);

    const res = await list(token);

    expect(res.status).toBe(403);
    expect(res.body.code).toBe('password_change_required');
  });
});

describe('DELETE /api/auth/sessions/{id}', () => {
  it('when a member signs another device out, then its token is refused everywhere at once', async () => {
    const m = await userWithToken(h);
    const other = await signInFrom(m.email, m.password, FIREFOX_ANDROID, '203.0.113.7');
    expect(await worksElsewhere(other)).toBe(200);
    const otherId = (await list(m.token)).body.data.find((d: { current: boolean }) => !d.current)
      .id as string;

    const res = await end(m.token, otherId);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Signed out of that device.' });
    expect(await works(other)).toBe(401);
    expect(await worksElsewhere(other)).toBe(401);
    expect(await works(m.token)).toBe(200);
    expect((await list(m.token)).body.data).toHaveLength(1);
  });

  it("when the id is another member's session, then 404 and that session lives on", async () => {
    const me = await userWithToken(h);
    const them = await userWithToken(h);
    const theirId = (await list(them.token)).body.data[0].id as string;

    const res = await end(me.token, theirId);

    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: 'Session not found' });
    expect(await works(them.token)).toBe(200);
  });

  it('when the id is not a session id, then 400 naming it', async () => {
    const m = await userWithToken(h);

    const res = await end(m.token, 'not-a-session');

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'id' });
    expect(res.body.error).toContain('id');
  });

  it('when no one is signed in, then 401', async () => {
    const res = await request(h.server).delete(`/api/auth/sessions/${'a'.repeat(32)}`);
    expect(res.status).toBe(401);
  });
});

describe('POST /api/auth/sessions/revoke-others', () => {
  it('when a member signs out everywhere else, then only this device stays signed in', async () => {
    const m = await userWithToken(h);
    const phone = await signInFrom(m.email, m.password, FIREFOX_ANDROID, '203.0.113.7');
    const laptop = await signInFrom(m.email, m.password, CHROME_MAC, '127.0.0.1');

    const res = await endOthers(laptop);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Signed out of 2 other devices.',
      data: { ended: 2 },
    });
    expect(await works(phone)).toBe(401);
    expect(await works(m.token)).toBe(401);
    expect(await worksElsewhere(phone)).toBe(401);
    expect(await works(laptop)).toBe(200);
    const devices = (await list(laptop)).body.data;
    expect(devices).toEqual([
      expect.objectContaining({ current: true, location: 'This computer' }),
    ]);
  });

  it('when no one is signed in, then 401', async () => {
    expect((await request(h.server).post('/api/auth/sessions/revoke-others')).status).toBe(401);
  });
});
