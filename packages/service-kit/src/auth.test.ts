/**
 * The authenticator remembers the tokens whose signature it checked, yet a remembered token still
 * ends with its session (asked of Redis every time) and with its expiry.
 */
import { Redis } from 'ioredis';
import Koa from 'koa';
import request from 'supertest';
import { createAuthenticator, signToken } from './auth';
import { SessionStore } from './sessions';
import { testKeyPair, testRedisPrefix, testRedisUrl } from './testing';

let redis: Redis;
let sessions: SessionStore;
let app: Koa;
const keys = testKeyPair();
/** The clock tokens expire by: the wall clock's time unless a test moves it. */
const clock = { now: Date.now() };

beforeAll(() => {
  redis = new Redis(testRedisUrl());
  sessions = new SessionStore(redis, testRedisPrefix());
  const auth = createAuthenticator(keys.publicKey, sessions, { now: () => clock.now });
  app = new Koa();
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      ctx.status = (err as { status?: number }).status ?? 500;
    }
  });
  // The guard as a route's chain runs it, then the route.
  app.use((ctx, next) => auth.requireAuth(ctx as never, next));
  app.use((ctx) => {
    ctx.body = { id: (ctx.state.user as { id: string }).id };
  });
});
afterEach(() => {
  clock.now = Date.now();
});
afterAll(() => redis.quit());

const token = async (ttlSeconds: number) => {
  const sid = await sessions.create('3f1c2a9e-5b7d-4c8e-9a1b-2c3d4e5f6a7b', 60);
  return {
    sid,
    header: `Bearer ${signToken({ sub: '3f1c2a9e-5b7d-4c8e-9a1b-2c3d4e5f6a7b', role: 'player', sid }, keys.privateKey, ttlSeconds)}`,
  };
};

it('when a remembered token its session ended is sent again, then 401', async () => {
  const { sid, header } = await token(60);
  await request(app.callback()).get('/me').set('Authorization', header).expect(200);
  await request(app.callback()).get('/me').set('Authorization', header).expect(200);
  await sessions.revoke(sid);
  await request(app.callback()).get('/me').set('Authorization', header).expect(401);
});

it('when a remembered token expires, then 401', async () => {
  // Signed now for 60 s: it expires at the whole second at most 60 s from now, and after 59 s.
  clock.now = Date.now();
  const { header } = await token(60);
  await request(app.callback()).get('/me').set('Authorization', header).expect(200);
  clock.now += 58_000;
  await request(app.callback()).get('/me').set('Authorization', header).expect(200);
  clock.now += 2_000;
  await request(app.callback()).get('/me').set('Authorization', header).expect(401);
});

it('when a token is altered, then 401, however often the genuine one was seen', async () => {
  const { header } = await token(60);
  await request(app.callback()).get('/me').set('Authorization', header).expect(200);
  const [head, payload, signature] = header.slice('Bearer '.length).split('.');
  const forged = `${head}.${payload}.${signature!.slice(0, -4)}AAAA`;
  await request(app.callback()).get('/me').set('Authorization', `Bearer ${forged}`).expect(401);
});
