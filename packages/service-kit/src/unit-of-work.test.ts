import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { pgSchema, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { idColumn } from './columns';
import type { Database } from './db';
import { outboxTable, type OutboxRelay } from './outbox';
import { createReadCache, type ReadCache } from './read-cache';
import { createRedis } from './redis';
import { createUnitOfWork } from './unit-of-work';

const club = pgSchema('club');
const teams = club.table('teams', { id: idColumn(), name: text('name').notNull() });
const outbox = outboxTable(club);
const schema = { teams, outbox };

let client: PGlite;
let db: Database<typeof schema>;
let pokes = 0;
// The relay's only part a unit of work touches is poke(); counting pokes is the assertion.
const relay = { poke: () => void (pokes += 1) } as OutboxRelay;

beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client, { schema }) as unknown as Database<typeof schema>;
  await db.execute(sql`create schema club`);
  await db.execute(
    sql`create table club.teams (id uuid primary key default gen_random_uuid(), name text not null)`,
  );
  await db.execute(sql`create table club.outbox (id uuid primary key default gen_random_uuid(),
    queue text not null, payload jsonb not null, attempts integer not null default 0,
    last_error text, created_at timestamptz not null default now())`);
});
afterAll(async () => {
  await client.close();
});

const inTransaction = (cache?: ReadCache) =>
  createUnitOfWork({
    db,
    outbox,
    relay,
    repos: (tx) => ({ addTeam: (name: string) => tx.insert(teams).values({ name }) }),
    cache,
  });
const count = async (table: typeof teams | typeof outbox) => (await db.select().from(table)).length;

describe('the unit of work', () => {
  it('when the work succeeds, then the change and its job commit together and the relay is poked', async () => {
    const before = pokes;

    await inTransaction()(async (store) => {
      await store.addTeam('Riverside');
      await store.notify('everyone', { title: 'New team', message: 'Riverside' });
    });

    expect(await count(teams)).toBe(1);
    expect(await count(outbox)).toBe(1);
    expect(pokes).toBe(before + 1);
  });

  it('when the work throws, then neither the change nor its job is kept', async () => {
    const teamsBefore = await count(teams);
    const jobsBefore = await count(outbox);

    const failing = inTransaction()(async (store) => {
      await store.addTeam('Lakeside');
      await store.enqueue('members', { userId: crypto.randomUUID(), kind: 'joined' });
      throw new Error('boom');
    });

    await expect(failing).rejects.toThrow('boom');
    expect(await count(teams)).toBe(teamsBefore);
    expect(await count(outbox)).toBe(jobsBefore);
  });

  it('when a job breaks its contract, then the change fails instead of the job sitting in the outbox', async () => {
    const jobsBefore = await count(outbox);

    const bad = inTransaction()(async (store) => {
      await store.addTeam('Broken');
      // A payload the contract refuses, as a bug might produce.
      await store.enqueue('mail', { template: 'password-changed', to: 'not-an-email', name: '' });
    });

    await expect(bad).rejects.toThrow();
    expect(await count(outbox)).toBe(jobsBefore);
  });
});

describe('the unit of work and the read cache', () => {
  const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  let cache: ReadCache;
  /** The scopes of each invalidation the unit of work asked the cache for. */
  let dropped: (string[] | undefined)[];
  beforeEach(async () => {
    const real = await createReadCache(redis, `test:uow:${randomBytes(6).toString('hex')}`);
    dropped = [];
    cache = {
      ...real,
      invalidate: (scopes) => {
        dropped.push(scopes);
        return real.invalidate(scopes);
      },
    };
  });
  afterEach(() => cache.close());
  afterAll(() => redis.disconnect());

  /** The team count as a cached answer, and how many times it was computed. */
  const teamCount = () => {
    const compute = jest.fn(async () => JSON.stringify(await count(teams)));
    const read = async (key = 'count') =>
      JSON.parse((await cache.read('teams', key, compute)).body.toString()) as number;
    return { compute, read };
  };

  it('when a write names scopes, then each is dropped once, after the commit and not before', async () => {
    const { compute, read } = teamCount();
    const before = await read();

    await inTransaction(cache)(async (store) => {
      await store.addTeam('Northside');
      store.dropCached('teams', 'other');
      store.dropCached('teams');
      // Inside the transaction the kept answer still stands: nothing is dropped yet.
      expect(cache.keptAt('teams', 'count')).toEqual(expect.any(Number));
      expect(dropped).toEqual([]);
    });

    expect(dropped).toEqual([['teams', 'other']]);
    expect(await read()).toBe(before + 1);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('when the work rolls back, then nothing is dropped', async () => {
    const { compute, read } = teamCount();
    const before = await read();

    const failing = inTransaction(cache)(async (store) => {
      await store.addTeam('Westside');
      store.dropCached('teams');
      throw new Error('boom');
    });

    await expect(failing).rejects.toThrow('boom');
    expect(dropped).toEqual([]);
    expect(await read()).toBe(before);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('when a read of the old rows finishes after the write has committed, then its answer is not kept', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let seen!: () => void;
    const hasRead = new Promise<void>((resolve) => (seen = resolve));
    const slow = jest.fn(async () => {
      const n = await count(teams);
      seen();
      await gate;
      return JSON.stringify(n);
    });
    const racing = cache.read('teams', 'racing', slow);
    await hasRead;
    const before = await count(teams);

    await inTransaction(cache)(async (store) => {
      await store.addTeam('Eastside');
      store.dropCached('teams');
    });
    release();

    // The racing reader is answered with what it read, and the cache does not keep it.
    expect(JSON.parse((await racing).body.toString())).toBe(before);
    const after = JSON.parse((await cache.read('teams', 'racing', slow)).body.toString());
    expect(after).toBe(before + 1);
    expect(slow).toHaveBeenCalledTimes(2);
  });

  it('when a reader fills the cache while the write is still open, then the commit drops what it kept', async () => {
    // What a reader outside the transaction sees: the old rows until the commit.
    let visible = 'old rows';
    const compute = jest.fn(async () => JSON.stringify(visible));
    const read = async () =>
      JSON.parse((await cache.read('teams', 'open', compute)).body.toString());

    await inTransaction(cache)(async (store) => {
      await store.addTeam('Southside');
      store.dropCached('teams');
      expect(await read()).toBe('old rows');
    });
    visible = 'new rows';

    expect(await read()).toBe('new rows');
  });

  it('when a write names a scope but the unit of work has no cache, then the write fails and rolls back', async () => {
    const teamsBefore = await count(teams);

    const unsure = inTransaction()(async (store) => {
      await store.addTeam('Nowhere');
      store.dropCached('teams');
    });

    await expect(unsure).rejects.toThrow('no read cache');
    expect(await count(teams)).toBe(teamsBefore);
  });
});
