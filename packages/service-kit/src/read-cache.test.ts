/**
 * The read cache on a real Redis: answers computed once per change, gzip for large ones, and
 * invalidations that reach another process's cache (two caches on one channel stand for two
 * replicas), without ever keeping an answer read before a write it raced with.
 */
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { Redis } from 'ioredis';
import { createReadCache, type ReadCache } from './read-cache';
import { createRedis } from './redis';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let redis: Redis;
let channel: string;
const caches: ReadCache[] = [];
const open = async () => {
  const cache = await createReadCache(redis, channel);
  caches.push(cache);
  return cache;
};

beforeAll(() => {
  redis = createRedis(REDIS_URL);
});
beforeEach(() => {
  channel = `test:read-cache:${randomBytes(6).toString('hex')}`;
});
afterEach(async () => {
  await Promise.all(caches.splice(0).map((c) => c.close()));
});
afterAll(() => {
  redis.disconnect();
});

/** A computation that counts its calls and answers `value` (JSON text). */
function counter(value: () => unknown) {
  const compute = jest.fn(async () => JSON.stringify(value()));
  return compute;
}

async function until(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('not within the time allowed');
}

describe('read cache', () => {
  it('when many read a scope at once and again, then it is computed once', async () => {
    const cache = await open();
    const compute = counter(() => ({ n: 1 }));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cache.read('news', 'board', compute)),
    );
    await cache.read('news', 'board', compute);
    expect(compute).toHaveBeenCalledTimes(1);
    expect(answers.map((a) => a.body.toString())).toEqual(Array(20).fill('{"n":1}'));
    expect(answers[0]!.gzipped).toBeNull();
  });

  it('when an answer is large, then its gzip is kept beside it', async () => {
    const cache = await open();
    const big = { text: 'x'.repeat(5000) };
    const answer = await cache.read(
      'news',
      'board',
      counter(() => big),
    );
    expect(gunzipSync(answer.gzipped!).toString()).toBe(JSON.stringify(big));
  });

  it('when a scope is invalidated, then it is computed again and other scopes are kept', async () => {
    const cache = await open();
    let n = 1;
    const mine = counter(() => ({ n }));
    const theirs = counter(() => ({ theirs: true }));
    await cache.read('user:a', 'list:20', mine);
    await cache.read('user:b', 'list:20', theirs);
    n = 2;
    await cache.invalidate(['user:a']);
    expect((await cache.read('user:a', 'list:20', mine)).body.toString()).toBe('{"n":2}');
    await cache.read('user:b', 'list:20', theirs);
    expect(theirs).toHaveBeenCalledTimes(1);
  });

  it('when another replica invalidates a scope or everything, then this one drops it', async () => {
    const here = await open();
    const there = await open();
    let n = 1;
    const compute = counter(() => ({ n }));
    await here.read('news', 'board', compute);
    await here.read('user:a', 'rooms', compute);
    n = 2;
    await there.invalidate(['news']);
    await until(
      async () => (await here.read('news', 'board', compute)).body.toString() === '{"n":2}',
    );
    n = 3;
    await there.invalidate();
    await until(
      async () => (await here.read('user:a', 'rooms', compute)).body.toString() === '{"n":3}',
    );
  });

  it('when a write lands while a read computes, then that read is not kept', async () => {
    const cache = await open();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let n = 1;
    const slow = jest.fn(async () => {
      const seen = n;
      await gate;
      return JSON.stringify({ n: seen });
    });
    const before = cache.read('news', 'board', slow);
    n = 2;
    await cache.invalidate(['news']);
    release();
    expect((await before).body.toString()).toBe('{"n":1}');
    expect((await cache.read('news', 'board', slow)).body.toString()).toBe('{"n":2}');
    expect(slow).toHaveBeenCalledTimes(2);
  });

  it('when Redis cannot take the invalidation, then the write is not failed, this replica drops the scope and the error is reported', async () => {
    const errors: unknown[] = [];
    const lost = createRedis(REDIS_URL);
    const cache = await createReadCache(lost, channel, { onError: (err) => errors.push(err) });
    caches.push(cache);
    const compute = counter(() => ({ n: compute.mock.calls.length }));
    await cache.read('news', 'board', compute);
    lost.disconnect();

    await expect(cache.invalidate(['news'])).resolves.toBeUndefined();
    await cache.read('news', 'board', compute);

    expect(compute).toHaveBeenCalledTimes(2);
    expect(errors.length).toBeGreaterThan(0);
  });

  it('when a read asks for a shorter life, then its answer is computed again once that has passed', async () => {
    let at = 1_000;
    const cache = await createReadCache(redis, channel, { now: () => at });
    caches.push(cache);
    const compute = counter(() => ({ n: compute.mock.calls.length }));
    await cache.read('showcase', 'page', compute, { maxAgeMs: 3000 });
    await cache.read('news', 'board', compute);
    expect(cache.keptAt('showcase', 'page')).toBe(1_000);

    at += 2999;
    await cache.read('showcase', 'page', compute, { maxAgeMs: 3000 });
    expect(compute).toHaveBeenCalledTimes(2);
    at += 1;
    expect(cache.keptAt('showcase', 'page')).toBeUndefined();
    await cache.read('showcase', 'page', compute, { maxAgeMs: 3000 });
    await cache.read('news', 'board', compute);
    expect(compute).toHaveBeenCalledTimes(3);
    expect(cache.keptAt('news', 'board')).toBe(1_000);
  });

  it('when a computation fails, then the next read tries again', async () => {
    const cache = await open();
    const failing = jest.fn(async () => {
      throw new Error('database away');
    });
    await expect(cache.read('news', 'board', failing)).rejects.toThrow('database away');
    const ok = counter(() => ({ ok: true }));
    expect((await cache.read('news', 'board', ok)).body.toString()).toBe('{"ok":true}');
  });
});
