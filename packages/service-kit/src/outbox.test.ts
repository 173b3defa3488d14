import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database } from './db';
import { createLogger } from './logger';
import {
  addAllToOutbox,
  addToOutbox,
  outboxTable,
  startOutboxRelay,
  type OutboxRelay,
} from './outbox';
import { createQueues, type QueuedJob, type Queues } from './queues';
import { testRedisPrefix, testRedisUrl } from './testing';

const club = pgSchema('club');
const outbox = outboxTable(club);

let client: PGlite;
let db: Database<{ outbox: typeof outbox }>;
let relay: OutboxRelay;
const added: string[] = [];
let gate: Promise<void> = Promise.resolve();

// The relay's queue side, recording what reaches it; `gate` holds an add open so a test can
// commit a job while a relay run is between its read and its end.
let refuse = false;
const queues = {
  addMany: async (jobs: readonly QueuedJob[]) => {
    await gate;
    if (refuse) throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
    for (const job of jobs) added.push((job.payload as { to?: string }).to ?? '');
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

  it('when the queues refuse a batch, then every job of it stays with its attempt and error counted, and all go on the next run', async () => {
    added.length = 0;
    for (const to of ['a@club.test', 'b@club.test', 'c@club.test']) await mailTo(to);
    refuse = true;
    try {
      expect(await relay.flush()).toBe(0);
    } finally {
      refuse = false;
    }
    const kept = await db.select().from(outbox);
    expect(kept).toHaveLength(3);
    expect(
      kept.every((row) => row.attempts === 1 && /ECONNREFUSED/.test(row.lastError ?? '')),
    ).toBe(true);

    expect(await relay.flush()).toBe(3);
    expect(added).toEqual(['a@club.test', 'b@club.test', 'c@club.test']);
    expect(await relay.pending()).toBe(0);
  });
});

describe('the outbox relay with Redis', () => {
  it('when one job of many breaks its contract, then none of them is written', async () => {
    await expect(
      addAllToOutbox(db, outbox, 'mail', [
        { template: 'password-changed', to: 'ok@club.test', name: 'Nia' },
        { template: 'password-changed', to: 'not an address', name: 'Nia' },
      ]),
    ).rejects.toThrow();
    expect(await db.select().from(outbox)).toEqual([]);
  });

  it('when a change queues more jobs than a batch holds, then all reach their queue in batches, each once', async () => {
    const queues = createQueues({ redisUrl: testRedisUrl(), prefix: testRedisPrefix() });
    const relayed = startOutboxRelay({
      db,
      table: outbox,
      queues,
      log: createLogger('outbox-test', 'silent'),
      intervalMs: 60_000,
      batchSize: 50,
    });
    try {
      const to = Array.from({ length: 120 }, (_, i) => `member${i}@club.test`);
      await addAllToOutbox(
        db,
        outbox,
        'mail',
        to.map((address) => ({ template: 'password-changed', to: address, name: 'Nia' })),
      );

      expect(await relayed.flush()).toBe(120);
      expect(await relayed.pending()).toBe(0);
      const jobs = await queues.queue('mail').getJobs(['waiting', 'prioritized']);
      expect(jobs.map((job) => (job.data as { to: string }).to).sort()).toEqual([...to].sort());
      // Adding the same jobs again (a crash between add and delete) adds none: ids are the rows'.
      await queues.addMany(
        jobs.map((job) => ({ queue: 'mail' as const, payload: job.data, jobId: job.id! })),
      );
      expect(await queues.queue('mail').getJobCountByTypes('waiting', 'prioritized')).toBe(120);
    } finally {
      await relayed.stop();
      await queues.queue('mail').obliterate({ force: true });
      await queues.close();
    }
  });
});
