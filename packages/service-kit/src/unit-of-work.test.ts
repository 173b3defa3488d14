import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { pgSchema, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { idColumn } from './columns';
import type { Database } from './db';
import { outboxTable, type OutboxRelay } from './outbox';
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

const inTransaction = () =>
  createUnitOfWork({
    db,
    outbox,
    relay,
    repos: (tx) => ({ addTeam: (name: string) => tx.insert(teams).values({ name }) }),
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
