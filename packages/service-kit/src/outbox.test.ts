import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database } from './db';
import { createLogger } from './logger';
import { addToOutbox, outboxTable, startOutboxRelay, type OutboxRelay } from './outbox';
import type { Queues } from './queues';

const club = pgSchema('club');
const outbox = outboxTable(club);

let client: PGlite;
let db: Database<{ outbox: typeof outbox }>;
let relay: OutboxRelay;
const added: string[] = [];
let gate: Promise<void> = Promise.resolve();

// The relay's queue side, recording what reaches it; `gate` holds an add open so a test can
// commit a job while a relay run is between its read and its end.
const queues = {
  add: async (_queue: string, payload: { to?: string }) => {
    await gate;
    added.push(payload.to ?? '');
  },
} as unknown as Queues;

const mailTo = (to: string) =>
  addToOutbox(db, outbox, 'mail', { template: 'password-changed', to, name: 'Nia' });

beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client, { schema: { outbox } }) as unknown as typeof db;
  await db.execute(sql`create schema club`);
  await db.execute(sql`create table club.outbox (id uuid primary key default gen_random_uuid(),
    queue text not null, payload jsonb not null, attempts integer not null default 0,
    last_error text, created_at timestamptz not null default now())`);
  relay = startOutboxRelay({
    db,
    table: outbox,
    queues,
    log: createLogger('outbox-test', 'silent'),
    intervalMs: 60_000,
  });
});
afterAll(async () => {
  await relay.stop();
  await client.close();
});

describe('the outbox relay', () => {
  it('when a job commits while a relay run is under way, then a flush asked for after the commit relays it too', async () => {
    await mailTo('first@club.test');
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const first = relay.flush(); // reads the first job, then waits at the queue

    const committed = mailTo('second@club.test'); // commits after that read
    const second = relay.flush(); // asked for after the commit, while the first run goes on
    open();
    await committed;
    await Promise.all([first, second]);

    expect(added).toEqual(['first@club.test', 'second@club.test']);
    expect(await relay.pending()).toBe(0);
  });

  it('when many flushes are asked for during one run, then they share one follow-up run', async () => {
    added.length = 0;
    await mailTo('third@club.test');
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const first = relay.flush();
    const [a, b] = [relay.flush(), relay.flush()];
    open();

    await first;
    expect(a).toBe(b);
    expect(await a).toBe(0);
    expect(added).toEqual(['third@club.test']);
  });
});
