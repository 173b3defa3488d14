/**
 * The list cache on a real Redis: one computation per generation and variant, a bump from any
 * replica makes every replica recompute, and a write that lands while a list is being computed
 * is never hidden.
 */
import { gunzipSync } from 'node:zlib';
import { Redis } from 'ioredis';
import { testRedisPrefix, testRedisUrl } from '@teamapp/service-kit/testing';
import { createListCache } from './list-cache';

let redis: Redis;
beforeAll(() => {
  redis = new Redis(testRedisUrl());
});
afterAll(() => redis.quit());

it('computes once per generation and variant, and again after a bump from another replica', async () => {
  const prefix = testRedisPrefix();
  const a = createListCache(redis, prefix);
  const b = createListCache(redis, prefix);
  let computed = 0;
  const compute = async () => `list ${++computed}`;

  expect(await a.read('admin:all', compute)).toBe('list 1');
  expect(await a.read('admin:all', compute)).toBe('list 1');
  expect(await a.read('player:all', compute)).toBe('list 2');

  await b.bump();

  expect(await a.read('admin:all', compute)).toBe('list 3');
  expect(await a.read('admin:all', compute)).toBe('list 3');
});

it('a write during a computation leaves the answer outdated, so the next read recomputes', async () => {
  const cache = createListCache(redis, testRedisPrefix());
  const first = cache.read('admin:all', async () => {
    await cache.bump(); // a write commits while the list is being read
    return 'before the write';
  });
  expect(await first).toBe('before the write');

  expect(await cache.read('admin:all', async () => 'after the write')).toBe('after the write');
});

it('bumps after a successful write request only', async () => {
  const cache = createListCache(redis, testRedisPrefix());
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

it('gzips each generation once, and a bump gives a fresh compressed answer', async () => {
  const cache = createListCache(redis, testRedisPrefix());
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
