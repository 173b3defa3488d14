/**
 * The list cache on a real Redis: one computation per change and variant, a list dropped on any
 * replica (as a committed write's unit of work drops it) is computed again by every replica as
 * soon as the message arrives while the other lists stay, and a write that lands while a list is
 * being computed is never hidden.
 */
import { gunzipSync } from 'node:zlib';
import { Redis } from 'ioredis';
import { testRedisPrefix, testRedisUrl } from '@teamapp/service-kit/testing';
import type { ClubEvent } from '@teamapp/contracts';
import {
  composeLists,
  createListCache,
  EVERY_LIST,
  listScope,
  listScopesOf,
  memberScope,
  PAST_PAGE,
  serializeList,
  type ListCache,
} from './list-cache';

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

describe('lists composed per caller', () => {
  const event = (id: string, date: string) =>
    ({ id, event_date: new Date(date).toISOString() }) as unknown as ClubEvent;
  const NOW = new Date('2026-06-01T00:00:00Z');

  it('merges lists soonest first, with every upcoming event and the most recent past page', () => {
    const pastDays = Array.from({ length: PAST_PAGE + 2 }, (_, i) =>
      event(
        `p${i}`,
        `2026-03-${String(1 + (i % 28)).padStart(2, '0')}T${String(10 + Math.floor(i / 28)).padStart(2, '0')}:00:00Z`,
      ),
    );
    const club = serializeList([event('c1', '2026-06-03T10:00:00Z')], false);
    const team = serializeList([...pastDays, event('t1', '2026-06-02T10:00:00Z')], false);

    const composed = composeLists([club, team], NOW, true);

    const ids = composed.events.map((json) => (JSON.parse(json) as { id: string }).id);
    expect(ids).toHaveLength(PAST_PAGE + 2);
    expect(ids.slice(-2)).toEqual(['t1', 'c1']);
    expect(composed.olderBefore).not.toBeNull();
    expect(composed.validUntil).toBe(Date.parse('2026-06-02T10:00:00Z'));
  });

  it('keeps a composed answer until one of its lists is dropped', async () => {
    const cache = await open(testRedisPrefix());
    let computed = 0;
    const part = (teamId: string | null) => ({
      variant: { role: 'player' as const, teamId },
      compute: async () => serializeList([event(`e${++computed}`, '2026-07-01T10:00:00Z')], false),
    });
    const envelope = (events: string) => `{"events":[${events}]}`;

    const first = await cache.composed([part(null), part('t1')], NOW, envelope);
    expect(await cache.composed([part(null), part('t1')], NOW, envelope)).toBe(first);

    await cache.cache.invalidate([listScope('all', 't1')]);
    const second = await cache.composed([part(null), part('t1')], NOW, envelope);

    expect(second).not.toBe(first);
    expect(JSON.parse(second.body.toString()).events.map((e: { id: string }) => e.id)).toEqual([
      'e1',
      'e3',
    ]);
    expect(gunzipSync(second.gzipped!).toString()).toBe(second.body.toString());
  });

  it('adds the caller’s own part for the lists marked own, kept until their scope or a list is dropped', async () => {
    const cache = await open(testRedisPrefix());
    const part = (teamId: string | null, id: string, own: boolean) => ({
      variant: { role: own ? ('player' as const) : ('coach' as const), teamId },
      compute: async () => serializeList([event(id, '2026-07-01T10:00:00Z')], false),
      own,
    });
    let answers = 0;
    const own = (userId: string) => ({
      userId,
      compute: async () => `${userId} ${++answers}`,
      render: (ids: string[], kept: string) => JSON.stringify({ ids, kept }),
    });
    const envelope = (events: string) => `{"events":[${events}]}`;
    const read = async (userId: string) => {
      const answer = await cache.composed(
        [part(null, 'c1', true), part('t1', 't1', false)],
        NOW,
        envelope,
        own(userId),
      );
      expect(gunzipSync(answer.gzipped!).toString()).toBe(answer.body.toString());
      return JSON.parse(answer.body.toString()) as { events: unknown[]; mine: object };
    };

    expect(await read('u1')).toMatchObject({ mine: { ids: ['c1'], kept: 'u1 1' } });
    expect((await read('u1')).mine).toEqual({ ids: ['c1'], kept: 'u1 1' });
    expect((await read('u2')).mine).toEqual({ ids: ['c1'], kept: 'u2 2' });

    await cache.cache.invalidate([memberScope('u1')]);
    expect((await read('u1')).mine).toEqual({ ids: ['c1'], kept: 'u1 3' });
    expect((await read('u2')).mine).toEqual({ ids: ['c1'], kept: 'u2 2' });
    expect((await read('u2')).events).toHaveLength(2);
  });
});
