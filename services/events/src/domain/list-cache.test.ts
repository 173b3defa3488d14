/**
 * The list cache on a real Redis: one computation per change and variant, a list dropped on any
 * replica (as a committed write's unit of work drops it) is computed again by every replica as
 * soon as the message arrives while the other lists stay, and a write that lands while a list is
 * being computed is never hidden.
 */
import { gunzipSync } from 'node:zlib';
import { Redis } from 'ioredis';
import { testRedisPrefix, testRedisUrl } from '@teamapp/service-kit/testing';
import { createListCache, EVERY_LIST, listScope, listScopesOf, type ListCache } from './list-cache';

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

/** Reads until `check` holds: another replica's drop arrives by message. */
async function until(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within the time allowed');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const adminAll = { role: 'admin' } as const;

it('computes once per change and variant, and again after another replica drops its list', async () => {
  const prefix = testRedisPrefix();
  const a = await open(prefix);
  const b = await open(prefix);
  let computed = 0;
  const compute = async () => `list ${++computed}`;

  expect(await a.read(adminAll, compute)).toBe('list 1');
  expect(await a.read(adminAll, compute)).toBe('list 1');
  expect(await a.read({ role: 'player' }, compute)).toBe('list 2');
  expect(await a.read({ role: 'player', type: 'training' }, compute)).toBe('list 3');

  await b.cache.invalidate(listScopesOf(['game']));

  await until(async () => (await a.read(adminAll, compute)) === 'list 4');
  expect(await a.read(adminAll, compute)).toBe('list 4');
  expect(await a.read({ role: 'player', type: 'training' }, compute)).toBe('list 3');
});

it('a write during a computation leaves the answer outdated, so the next read recomputes', async () => {
  const cache = await open(testRedisPrefix());
  const first = cache.read(adminAll, async () => {
    await cache.cache.invalidate([listScope('all')]); // a write commits while the list is read
    return 'before the write';
  });
  expect(await first).toBe('before the write');

  expect(await cache.read(adminAll, async () => 'after the write')).toBe('after the write');
});

it('names the unfiltered list and each type shown, once each; no events, no list', () => {
  expect(listScopesOf(['game', 'training', 'game'])).toEqual([
    'events:all',
    'events:game',
    'events:training',
  ]);
  expect(listScopesOf([])).toEqual([]);
  expect(EVERY_LIST).toEqual([
    'events:all',
    'events:training',
    'events:game',
    'events:meeting',
    'events:social',
  ]);
});

it('gzips each change once, and a drop gives a fresh compressed answer', async () => {
  const cache = await open(testRedisPrefix());
  let computed = 0;
  const compute = async () => JSON.stringify({ list: ++computed, pad: 'x'.repeat(2000) });

  const first = await cache.readGzipped(adminAll, compute);
  expect(await cache.readGzipped(adminAll, compute)).toBe(first);
  expect(JSON.parse(gunzipSync(first).toString('utf8')).list).toBe(1);
  expect(first.length).toBeLessThan(200);
  expect(await cache.read(adminAll, compute)).toContain('"list":1');

  await cache.cache.invalidate([listScope('all')]);
  const second = await cache.readGzipped(adminAll, compute);
  expect(JSON.parse(gunzipSync(second).toString('utf8')).list).toBe(2);
});
