/**
 * The list cache on a real Redis: one computation per change and variant, a bump from any
 * replica makes every replica recompute (as soon as its message arrives), and a write that lands
 * while a list is being computed is never hidden.
 */
import { gunzipSync } from 'node:zlib';
import { Redis } from 'ioredis';
import { testRedisPrefix, testRedisUrl } from '@teamapp/service-kit/testing';
import { createListCache, type ListCache } from './list-cache';

let redis: Redis;
const opened: ListCache[] = [];
const open = async (prefix: string) => {
  const cache = await createListCache(redis, prefix);
  opened.push(cache);
  return cache;
};
beforeAll(() => {
  redis = new Redis(testRedisUrl());
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});
afterAll(() => redis.quit());

/** Reads until `check` holds: another replica's bump arrives by message. */
async function until(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within the time allowed');
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('computes once per change and variant, and again after a bump from another replica', async () => {
  const prefix = testRedisPrefix();
  const a = await open(prefix);
  const b = await open(prefix);
  let computed = 0;
  const compute = async () => `list ${++computed}`;

  expect(await a.read('admin:all', compute)).toBe('list 1');
  expect(await a.read('admin:all', compute)).toBe('list 1');
  expect(await a.read('player:all', compute)).toBe('list 2');

  await b.bump();

  await until(async () => (await a.read('admin:all', compute)) === 'list 3');
  expect(await a.read('admin:all', compute)).toBe('list 3');
});

it('a write during a computation leaves the answer outdated, so the next read recomputes', async () => {
  const cache = await open(testRedisPrefix());
  const first = cache.read('admin:all', async () => {
    await cache.bump(); // a write commits while the list is being read
    return 'before the write';
  });
  expect(await first).toBe('before the write');

  expect(await cache.read('admin:all', async () => 'after the write')).toBe('after the write');
});

it('bumps after a successful write request only', async () => {
  const cache = await open(testRedisPrefix());
  let n = 0;
  const read = () => cache.read('v', async () => `v${++n}`);
  await read();
  const run = async (method: string, status: number) => {
    const ctx = { method, status } as Parameters<typeof cache.bumpOnWrite>[0];
    await cache.bumpOnWrite(ctx, async () => undefined);
  };

  await run('GET', 200);
  await run('POST', 400);
  expect(await read()).toBe('v1');
  await run('PUT', 200);
  expect(await read()).toBe('v2');
});

it('gzips each change once, and a bump gives a fresh compressed answer', async () => {
  const cache = await open(testRedisPrefix());
  let computed = 0;
  const compute = async () => JSON.stringify({ list: ++computed, pad: 'x'.repeat(2000) });

  const first = await cache.readGzipped('admin:all', compute);
  expect(await cache.readGzipped('admin:all', compute)).toBe(first);
  expect(JSON.parse(gunzipSync(first).toString('utf8')).list).toBe(1);
  expect(first.length).toBeLessThan(200);
  expect(await cache.read('admin:all', compute)).toContain('"list":1');

  await cache.bump();
  const second = await cache.readGzipped('admin:all', compute);
  expect(JSON.parse(gunzipSync(second).toString('utf8')).list).toBe(2);
});
