/**
 * The session store on the real Redis: what a session records of its device, the member's list,
 * ending one by its public id (never another member's), ending all others, the last use written
 * at most once a minute, and sessions stored before the device details still read.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { publicSessionId, SESSION_SEEN_EVERY_MS, SessionStore } from './sessions';
import { testRedisPrefix, testRedisUrl } from './testing';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let redis: Redis;
let prefix: string;
let clock: number;
let store: SessionStore;

beforeAll(() => {
  redis = new Redis(testRedisUrl());
});
beforeEach(() => {
  prefix = testRedisPrefix();
  clock = Date.parse('2026-05-01T12:00:00.000Z');
  store = new SessionStore(redis, prefix, { now: () => clock });
});
afterAll(() => redis.quit());

it('when a member signs in, then the session keeps when, the browser and the address', async () => {
  const userId = randomUUID();
  const sid = await store.create(userId, 600, {
    client: { userAgent: CHROME_MAC, address: '203.0.113.7' },
  });

  expect(await store.get(sid)).toEqual({
    userId,
    mustChangePassword: false,
    createdAt: '2026-05-01T12:00:00.000Z',
    userAgent: CHROME_MAC,
    address: '203.0.113.7',
  });
  expect(await store.list(userId)).toEqual([
    {
      id: publicSessionId(sid),
      createdAt: '2026-05-01T12:00:00.000Z',
      lastSeenAt: '2026-05-01T12:00:00.000Z',
      userAgent: CHROME_MAC,
      address: '203.0.113.7',
    },
  ]);
  expect(publicSessionId(sid)).toMatch(/^[0-9a-f]{32}$/);
  expect(JSON.stringify(await store.list(userId))).not.toContain(sid);
});

it('when a session is used, then its last use is written at most once a minute', async () => {
  const userId = randomUUID();
  const sid = await store.create(userId, 600);
  const seenAt = async () => (await store.list(userId))[0]!.lastSeenAt;

  clock += 5_000;
  await store.get(sid);
  expect(await seenAt()).toBe('2026-05-01T12:00:05.000Z');

  clock += SESSION_SEEN_EVERY_MS - 1_000;
  await store.get(sid);
  expect(await seenAt()).toBe('2026-05-01T12:00:05.000Z');

  clock += 1_000;
  await store.get(sid);
  expect(await seenAt()).toBe('2026-05-01T12:01:05.000Z');
  // The last-use key ends with the session, not later.
  const sessionTtl = await redis.pttl(`${prefix}session:${sid}`);
  const seenTtl = await redis.pttl(`${prefix}session-seen:${sid}`);
  expect(seenTtl).toBeGreaterThan(0);
  expect(seenTtl).toBeLessThanOrEqual(sessionTtl);
});

it('when a member has several sessions, then the list is theirs only, latest use first', async () => {
  const userId = randomUUID();
  const older = await store.create(userId, 600, { client: { userAgent: 'a', address: '' } });
  clock += 10_000;
  const newer = await store.create(userId, 600, { client: { userAgent: 'b', address: '' } });
  await store.create(randomUUID(), 600);

  expect((await store.list(userId)).map((s) => s.id)).toEqual([
    publicSessionId(newer),
    publicSessionId(older),
  ]);
  clock += SESSION_SEEN_EVERY_MS;
  await store.get(older);
  expect((await store.list(userId)).map((s) => s.userAgent)).toEqual(['a', 'b']);
});

it('when one session is ended by its public id, then it is gone and the others live', async () => {
  const userId = randomUUID();
  const keep = await store.create(userId, 600);
  const end = await store.create(userId, 600);
  await store.get(end);

  expect(await store.revokeByPublicId(userId, publicSessionId(end))).toBe(true);

  expect(await store.get(end)).toBeNull();
  expect(await store.get(keep)).not.toBeNull();
  expect((await store.list(userId)).map((s) => s.id)).toEqual([publicSessionId(keep)]);
  expect(await redis.exists(`${prefix}session-seen:${end}`)).toBe(0);
  expect(await store.revokeByPublicId(userId, publicSessionId(end))).toBe(false);
});

it("when another member's session id is given, then it is not found and still lives", async () => {
  const mine = randomUUID();
  const theirs = randomUUID();
  await store.create(mine, 600);
  const theirSid = await store.create(theirs, 600);

  expect(await store.revokeByPublicId(mine, publicSessionId(theirSid))).toBe(false);
  expect(await store.revokeByPublicId(mine, theirSid)).toBe(false);

  expect(await store.get(theirSid)).not.toBeNull();
});

it('when all other sessions are ended, then only the one kept lives', async () => {
  const userId = randomUUID();
  const current = await store.create(userId, 600);
  const laptop = await store.create(userId, 600);
  const phone = await store.create(userId, 600);

  expect(await store.revokeAllFor(userId, { except: current })).toBe(2);

  expect(await store.get(laptop)).toBeNull();
  expect(await store.get(phone)).toBeNull();
  expect((await store.list(userId)).map((s) => s.id)).toEqual([publicSessionId(current)]);
  expect(await store.revokeAllFor(userId, { except: current })).toBe(0);
});

it('when a session expired on its own, then the list drops it', async () => {
  const userId = randomUUID();
  const sid = await store.create(userId, 600);
  await redis.del(`${prefix}session:${sid}`);

  expect(await store.list(userId)).toEqual([]);
  expect(await redis.smembers(`${prefix}user-sessions:${userId}`)).toEqual([]);
});

it.each([
  ['a bare user id', (userId: string) => userId],
  [
    'JSON with the flag only',
    (userId: string) => JSON.stringify({ userId, mustChangePassword: true }),
  ],
])('when a session was stored as %s, then it still reads and lists', async (_what, value) => {
  const userId = randomUUID();
  const sid = randomUUID();
  await redis.set(`${prefix}session:${sid}`, value(userId), 'EX', 600);
  await redis.sadd(`${prefix}user-sessions:${userId}`, sid);

  expect(await store.get(sid)).toMatchObject({
    userId,
    createdAt: null,
    userAgent: '',
    address: '',
  });
  expect(await store.userOf(sid)).toBe(userId);
  const [listed] = await store.list(userId);
  expect(listed).toEqual({
    id: publicSessionId(sid),
    createdAt: null,
    // get() above recorded its use.
    lastSeenAt: '2026-05-01T12:00:00.000Z',
    userAgent: '',
    address: '',
  });
});
