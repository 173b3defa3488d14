/**
 * Throttling per account on the real Redis: growing waits after repeated failures for one email
 * from one client address, answered 429 with Retry-After, never a lock that outlasts its wait,
 * the same for emails no account has, a much higher ceiling for the account across addresses,
 * and shared by every copy of the service (the count is in Redis). The client address is the
 * one X-Forwarded-For names (the service trusts one hop: the gateway).
 */
import { createHash } from 'node:crypto';
import { createLogger, createRedis } from '@teamapp/service-kit';
import { testRedisPrefix, testRedisUrl } from '@teamapp/service-kit/testing';
import request from 'supertest';
import { startAuth, userWithToken, type AuthHarness } from '../../../test/harness';
import { authRepos } from '../../db/repos';
import {
  createAccountThrottle,
  LOGIN_THROTTLE,
  ThrottledError,
  type ThrottlePolicies,
} from '../../domain/throttle';

let h: AuthHarness;
/** The throttles' clock: still unless a test moves it. */
const clock = { now: Date.parse('2026-03-01T10:00:00Z') };
beforeAll(async () => {
  h = await startAuth({}, { now: () => clock.now });
});
afterAll(async () => {
  await h.close();
});

const TOO_MANY = 'Too many requests. Please wait a moment and try again.';
const login = (email: string, password: string, from?: string) => {
  const req = request(h.server).post('/api/auth/login');
  if (from) void req.set('X-Forwarded-For', from);
  return req.send({ email, password });
};

describe('POST /api/auth/login, per account', () => {
  it('when an account fails 5 times, then the next attempt waits 1 s, then 2 s, and a right password after the wait signs in and forgets the failures', async () => {
    const { email, password } = await userWithToken(h);
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong-guess')).status).toBe(401);

    const first = await login(email, password);
    expect(first.status).toBe(429);
    expect(first.headers['retry-after']).toBe('1');
    expect(first.headers['content-type']).toMatch(/application\/json/);
    expect(first.body).toMatchObject({ success: false, error: TOO_MANY, code: 'rate_limited' });

    clock.now += 999;
    expect((await login(email, password)).headers['retry-after']).toBe('1');
    clock.now += 1;
    expect((await login(email, 'wrong-again')).status).toBe(401);
    const second = await login(email, password);
    expect(second.status).toBe(429);
    expect(second.headers['retry-after']).toBe('2');

    clock.now += 1999;
    expect((await login(email, password)).status).toBe(429);
    clock.now += 1;
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

  it('when one address is throttled for an email, then the owner still signs in from another', async () => {
    const { email, password } = await userWithToken(h);
    for (let i = 0; i < 6; i++) await login(email, 'attacker-guess', '203.0.113.10');
    expect((await login(email, 'attacker-guess', '203.0.113.10')).status).toBe(429);

    const owner = await login(email, password, '198.51.100.10');

    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
    // The attacker's address still waits: the owner's success forgot only the owner's failures.
    expect((await login(email, password, '203.0.113.10')).status).toBe(429);
  });

  it('when the address is written into X-Forwarded-For before the gateway’s, then it does not escape the wait', async () => {
    const { email, password } = await userWithToken(h);
    for (let i = 0; i < 6; i++) await login(email, 'guess', '198.51.100.11');

    const spoofed = await login(email, password, '192.0.2.99, 198.51.100.11');

    expect(spoofed.status).toBe(429);
  });

  it('when failures come from more addresses than the account allows, then every address waits', async () => {
    const { email, password } = await userWithToken(h);
    const ceiling = LOGIN_THROTTLE.perAccount.freeAttempts;
    for (let i = 0; i < ceiling; i++) {
      const res = await login(email, 'spread-guess', `10.1.${Math.floor(i / 200)}.${i % 200}`);
      expect(res.status).toBe(401);
    }

    const fresh = await login(email, password, '198.51.100.12');

    expect(fresh.status).toBe(429);
    expect(fresh.body.error).toBe(TOO_MANY);
  });

  it('when the password is reset, then the waits of the account are forgotten at every address', async () => {
    const { user, email } = await userWithToken(h);
    for (const from of ['203.0.113.20', '203.0.113.21']) {
      for (let i = 0; i < 6; i++) await login(email, 'guess', from);
      expect((await login(email, 'guess', from)).status).toBe(429);
    }
    const token = 'reset-token-for-throttle-test';
    await authRepos(h.service.base.db, 'UTC').resetTokens.insert({
      userId: user.id,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 60_000),
    });

    const reset = await request(h.server)
      .post('/api/password-reset/confirm')
      .send({ token, newPassword: 'Brand!New99' });

    expect(reset.status).toBe(200);
    expect((await login(email, 'Brand!New99', '203.0.113.20')).status).toBe(200);
    expect((await login(email, 'Brand!New99', '203.0.113.21')).status).toBe(200);
  });

  it('when the body is invalid, then 400 and nothing is counted', async () => {
    const res = await request(h.server).post('/api/auth/login').send({ email: 'a@b.test' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
  });
});

describe('POST /api/password-reset/request, per email and address', () => {
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

  it('when one address asked too often for an email, then the owner still asks from another', async () => {
    const { email } = await userWithToken(h);
    const ask = (from: string) =>
      request(h.server)
        .post('/api/password-reset/request')
        .set('X-Forwarded-For', from)
        .send({ email });
    for (let i = 0; i < 10; i++) await ask('203.0.113.30');
    expect((await ask('203.0.113.30')).status).toBe(429);

    expect((await ask('198.51.100.30')).status).toBe(200);
  });
});

describe('the throttle itself', () => {
  type Limits = Partial<ThrottlePolicies['perAddress']>;
  const policy = (perAddress: Limits = {}, perAccount: Limits = {}): ThrottlePolicies => ({
    perAddress: {
      freeAttempts: 1,
      baseDelayMs: 400,
      maxDelayMs: 1000,
      forgetAfterMs: 60_000,
      ...perAddress,
    },
    perAccount: {
      freeAttempts: 100,
      baseDelayMs: 1000,
      maxDelayMs: 5000,
      forgetAfterMs: 60_000,
      ...perAccount,
    },
  });
  /** A throttle on the real Redis whose clock the test moves. */
  const clocked = (name: string, policies: ThrottlePolicies = policy()) => {
    const redis = createRedis(testRedisUrl());
    const clock = { now: Date.parse('2026-03-01T10:00:00Z') };
    const throttle = createAccountThrottle({
      redis,
      prefix: testRedisPrefix(),
      name: `${name}-${Date.now()}`,
      log: createLogger('throttle-test', 'silent'),
      policy: policies,
      now: () => clock.now,
    });
    /** The seconds an attempt must wait (0: it was let through and counted). */
    const waitOf = async (email: string, address: string) => {
      try {
        await throttle.attempt(email, address);
        return 0;
      } catch (err) {
        if (err instanceof ThrottledError) return err.retryAfterSeconds;
        throw err;
      }
    };
    const advance = (ms: number) => {
      clock.now += ms;
    };
    return { redis, throttle, waitOf, advance };
  };

  it('when failures go on, then the wait doubles up to its cap and no further', async () => {
    const { redis, throttle, waitOf, advance } = clocked('cap');
    const at = (n: number) => waitOf('someone@club.test', '192.0.2.1').then((w) => [n, w]);
    await redis.ping();
    try {
      // Waits of 400 ms, 800 ms, then the 1 s cap (uncapped they would be 1.6 s and 3.2 s).
      expect(await at(1)).toEqual([1, 0]);
      expect(await at(2)).toEqual([2, 1]);
      advance(399);
      expect(await at(3)).toEqual([3, 1]);
      advance(1);
      expect(await at(4)).toEqual([4, 0]);
      advance(799);
      expect(await at(5)).toEqual([5, 1]);
      advance(1);
      expect(await at(6)).toEqual([6, 0]);
      advance(1000);
      expect(await at(7)).toEqual([7, 0]);
      expect(await at(8)).toEqual([8, 1]);
      await throttle.succeeded('someone@club.test', '192.0.2.1');
      expect(await at(9)).toEqual([9, 0]);
    } finally {
      redis.disconnect();
    }
  });

  it('when the clock passes the wait, then a refused attempt does not make it longer', async () => {
    const { redis, waitOf, advance } = clocked(
      'refused',
      policy({ baseDelayMs: 10_000, maxDelayMs: 60_000 }),
    );
    await redis.ping();
    try {
      expect(await waitOf('a@club.test', '192.0.2.1')).toBe(0);
      for (let i = 0; i < 5; i++) {
        expect(await waitOf('a@club.test', '192.0.2.1')).toBe(10 - i);
        advance(1000);
      }
      advance(5000);
      expect(await waitOf('a@club.test', '192.0.2.1')).toBe(0);
    } finally {
      redis.disconnect();
    }
  });

  it('when one address must wait, then another address of the same email goes on', async () => {
    const { redis, throttle, waitOf } = clocked('pair');
    await redis.ping();
    try {
      expect(await waitOf('a@club.test', '192.0.2.1')).toBe(0);
      await throttle.failed('a@club.test', '192.0.2.1');
      expect(await waitOf('a@club.test', '192.0.2.1')).toBe(1);

      expect(await waitOf('a@club.test', '192.0.2.2')).toBe(0);
      // The same address for another email is another count too.
      expect(await waitOf('b@club.test', '192.0.2.1')).toBe(0);
    } finally {
      redis.disconnect();
    }
  });

  it('when failures spread over many addresses pass the account’s ceiling, then every address waits', async () => {
    const { redis, throttle, waitOf, advance } = clocked(
      'ceiling',
      policy({}, { freeAttempts: 4 }),
    );
    await redis.ping();
    try {
      for (let i = 1; i <= 3; i++) {
        expect(await waitOf('a@club.test', `192.0.2.${i}`)).toBe(0);
        await throttle.failed('a@club.test', `192.0.2.${i}`);
      }
      // The fourth counted failure reaches the ceiling of 4: from then on every address waits.
      expect(await waitOf('a@club.test', '192.0.2.4')).toBe(0);
      await throttle.failed('a@club.test', '192.0.2.4');
      expect(await waitOf('a@club.test', '192.0.2.50')).toBe(1);
      expect(await waitOf('other@club.test', '192.0.2.50')).toBe(0);

      // Forgotten forgetAfterMs after the last failure's wait.
      advance(1000 + 60_000 + 1);
      expect(await waitOf('a@club.test', '192.0.2.50')).toBe(0);
    } finally {
      redis.disconnect();
    }
  });

  it('when the account is cleared, then every address of it starts afresh', async () => {
    const { redis, throttle, waitOf } = clocked('clear');
    await redis.ping();
    try {
      for (const address of ['192.0.2.1', '192.0.2.2']) {
        await waitOf('A@Club.test ', address);
        await throttle.failed('a@club.test', address);
        expect(await waitOf('a@club.test', address)).toBe(1);
      }
      await throttle.clear('a@club.test');

      expect(await waitOf('a@club.test', '192.0.2.1')).toBe(0);
      expect(await waitOf('a@club.test', '192.0.2.2')).toBe(0);
    } finally {
      redis.disconnect();
    }
  });

  it('when failures are older than forgetAfterMs, then they are forgotten', async () => {
    const { redis, throttle, waitOf, advance } = clocked('forget', policy({ freeAttempts: 2 }));
    await redis.ping();
    try {
      expect(await waitOf('a@club.test', '192.0.2.1')).toBe(0);
      await throttle.failed('a@club.test', '192.0.2.1');
      advance(60_001);
      // One failure again, not the second: no wait.
      expect(await waitOf('a@club.test', '192.0.2.1')).toBe(0);
      await throttle.failed('a@club.test', '192.0.2.1');
      expect(await waitOf('a@club.test', '192.0.2.1')).toBe(0);
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
      policy: LOGIN_THROTTLE,
    });
    try {
      for (let i = 0; i < 3; i++)
        await expect(throttle.attempt('a@club.test', '192.0.2.1')).resolves.toBeUndefined();
      await expect(throttle.failed('a@club.test', '192.0.2.1')).resolves.toBeUndefined();
      await expect(throttle.succeeded('a@club.test', '192.0.2.1')).resolves.toBeUndefined();
      await expect(throttle.clear('a@club.test')).resolves.toBeUndefined();
    } finally {
      away.disconnect();
    }
  });
});
