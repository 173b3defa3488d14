/**
 * Throttling per account on the real Redis: growing waits after repeated failures for one
 * address, answered 429 with Retry-After, never a lock that outlasts its wait, the same for
 * addresses no account has, and shared by every copy of the service (the count is in Redis).
 */
import { createLogger, createRedis } from '@teamapp/service-kit';
import { testRedisPrefix, testRedisUrl } from '@teamapp/service-kit/testing';
import request from 'supertest';
import { startAuth, userWithToken, type AuthHarness } from '../../../test/harness';
import { createAccountThrottle, ThrottledError } from '../../domain/throttle';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuth();
});
afterAll(async () => {
  await h.close();
});

const TOO_MANY = 'Too many requests. Please wait a moment and try again.';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const login = (email: string, password: string) =>
  request(h.server).post('/api/auth/login').send({ email, password });

describe('POST /api/auth/login, per account', () => {
  it('when an account fails 5 times, then the next attempt waits 1 s, then 2 s, and a right password after the wait signs in and forgets the failures', async () => {
    const { email, password } = await userWithToken(h);
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong-guess')).status).toBe(401);

    const first = await login(email, password);
    expect(first.status).toBe(429);
    expect(first.headers['retry-after']).toBe('1');
    expect(first.headers['content-type']).toMatch(/application\/json/);
    expect(first.body).toMatchObject({ success: false, error: TOO_MANY, code: 'rate_limited' });

    await sleep(1100);
    expect((await login(email, 'wrong-again')).status).toBe(401);
    const second = await login(email, password);
    expect(second.status).toBe(429);
    expect(second.headers['retry-after']).toBe('2');

    await sleep(2100);
    const after = await login(email, password);
    expect(after.status).toBe(200);
    expect(after.body.token).toEqual(expect.any(String));
    // Success forgot every failure: a wrong password is a plain 401 again, five times over.
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong-guess')).status).toBe(401);
  });

  it('when an address no account has fails as often, then it gets the same answers', async () => {
    const ghost = `ghost-${Date.now()}@club.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(ghost, 'guess')).status);
    const res = await login(ghost, 'guess');

    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.body.error).toBe(TOO_MANY);
  });

  it('when one account is throttled, then another account still signs in at once', async () => {
    const victim = await userWithToken(h);
    const other = await userWithToken(h);
    for (let i = 0; i < 6; i++) await login(victim.email, 'nope');

    expect((await login(victim.email, victim.password)).status).toBe(429);
    expect((await login(other.email, other.password)).status).toBe(200);
  });

  it('when the address differs only in case and spaces, then it counts as the same account', async () => {
    const { email, password } = await userWithToken(h);
    for (let i = 0; i < 5; i++) await login(`  ${email.toUpperCase()} `, 'nope');

    expect((await login(email, password)).status).toBe(429);
  });

  it('when many wrong guesses arrive at once, then no more than the free ones are checked', async () => {
    const { email } = await userWithToken(h);
    const statuses = (
      await Promise.all(Array.from({ length: 12 }, () => login(email, 'parallel-guess')))
    ).map((r) => r.status);

    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('when the body is invalid, then 400 and nothing is counted', async () => {
    const res = await request(h.server).post('/api/auth/login').send({ email: 'a@b.test' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
  });
});

describe('POST /api/password-reset/request, per address', () => {
  it('when one address is asked for more than 10 times, then 429 with Retry-After, for a known and an unknown address alike', async () => {
    const { email } = await userWithToken(h);
    const ghost = `nobody-${Date.now()}@club.test`;
    const ask = (address: string) =>
      request(h.server).post('/api/password-reset/request').send({ email: address });

    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 11; i++) {
      known.push((await ask(email)).status);
      unknown.push((await ask(ghost)).status);
    }
    const refused = await ask(email);

    expect(known).toEqual([...Array<number>(10).fill(200), 429]);
    expect(unknown).toEqual(known);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.body.error).toBe(TOO_MANY);
  });
});

describe('the throttle itself', () => {
  it('when failures go on, then the wait doubles up to its cap and no further', async () => {
    const redis = createRedis(testRedisUrl());
    const throttle = createAccountThrottle({
      redis,
      prefix: testRedisPrefix(),
      name: 'cap',
      log: createLogger('throttle-test', 'silent'),
      policy: { freeAttempts: 1, baseDelayMs: 400, maxDelayMs: 1000, forgetAfterMs: 60_000 },
    });
    const waitOf = async () => {
      try {
        await throttle.attempt('someone@club.test');
        return 0;
      } catch (err) {
        if (err instanceof ThrottledError) return err.retryAfterSeconds;
        throw err;
      }
    };
    await redis.ping();
    try {
      // Waits of 400 ms, 800 ms, then the 1 s cap (uncapped they would be 1.6 s and 3.2 s).
      expect(await waitOf()).toBe(0);
      expect(await waitOf()).toBe(1);
      await sleep(450);
      expect(await waitOf()).toBe(0);
      await sleep(850);
      expect(await waitOf()).toBe(0);
      expect(await waitOf()).toBe(1);
      await sleep(1050);
      expect(await waitOf()).toBe(0);
      await sleep(1050);
      expect(await waitOf()).toBe(0);
      expect(await waitOf()).toBe(1);
      await throttle.succeeded('someone@club.test');
      expect(await waitOf()).toBe(0);
    } finally {
      redis.disconnect();
    }
  });

  it('when Redis cannot be reached, then attempts go through rather than fail', async () => {
    const away = createRedis('redis://127.0.0.1:1');
    const throttle = createAccountThrottle({
      redis: away,
      prefix: testRedisPrefix(),
      name: 'away',
      log: createLogger('throttle-test', 'silent'),
      policy: { freeAttempts: 1, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetAfterMs: 60_000 },
    });
    try {
      for (let i = 0; i < 3; i++)
        await expect(throttle.attempt('a@club.test')).resolves.toBeUndefined();
      await expect(throttle.failed('a@club.test')).resolves.toBeUndefined();
      await expect(throttle.succeeded('a@club.test')).resolves.toBeUndefined();
    } finally {
      away.disconnect();
    }
  });
});
