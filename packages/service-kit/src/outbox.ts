/**
 * Transactional outbox: a job is written to the service's own `outbox` table in the same database
 * transaction as the change that caused it, and a relay moves it to its queue whenever Redis
 * answers. A job can therefore never be lost to a Redis outage, and the outbox row id doubles as
 * the BullMQ job id, so a relay that adds a job twice (crash between add and delete) adds it once.
 * The relay moves a batch at a time: one round trip per queue, one delete.
 */
import {
  jobSchemas,
  wellFormed,
  type JobPayloads,
  type NotificationJob,
  type QueueName,
} from '@teamapp/contracts';
import { asc, inArray, sql } from 'drizzle-orm';
import { integer, jsonb, text, type PgSchema } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import type { Database } from './db';
import type { Logger } from './logger';
import type { Queues } from './queues';
import { currentRequestId, isRequestId, JOB_REQUEST_ID } from './request-context';
import { sharedTable } from './shared-tables';

/** The outbox table, placed in the owning service's schema and created by service-kit. */
export function outboxTable(schema: PgSchema) {
  const table = schema.table('outbox', {
    id: idColumn(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAtColumn(),
  });
  return sharedTable(table, (name) => [
    `CREATE TABLE IF NOT EXISTS "${name}"."outbox" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
      "queue" text NOT NULL,
      "payload" jsonb NOT NULL,
      "attempts" integer DEFAULT 0 NOT NULL,
      "last_error" text,
      "created_at" timestamp with time zone DEFAULT now() NOT NULL
    )`,
  ]);
}

export type OutboxTable = ReturnType<typeof outboxTable>;

/** Anything that can insert: the database itself or an open transaction. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema's db or transaction
export type Executor = Pick<Database<any>, 'insert'>;

/**
 * Writes one job. The payload is checked against its contract here, so a job that could never be
 * queued fails the change that caused it instead of sitting in the outbox for ever.
 */
export async function addToOutbox<Q extends QueueName>(
  executor: Executor,
  table: OutboxTable,
  queue: Q,
  payload: JobPayloads[Q],
): Promise<string> {
  const [id] = await addAllToOutbox(executor, table, queue, [payload]);
  return id!;
}

/** Writes several jobs of one queue in one statement (a change that reaches a whole club). */
export async function addAllToOutbox<Q extends QueueName>(
  executor: Executor,
  table: OutboxTable,
  queue: Q,
  payloads: readonly JobPayloads[Q][],
): Promise<string[]> {
  if (payloads.length === 0) return [];
  // The request that caused the jobs travels with them (the consumer's log lines name it).
  const requestId = currentRequestId();
  const rows = await executor
    .insert(table)
    .values(
      payloads.map((payload) => {
        // jsonb refuses a lone surrogate (half an emoji cut off somewhere): stored as U+FFFD.
        const checked = JSON.parse(
          JSON.stringify(jobSchemas[queue].parse(payload), (_key, value: unknown) =>
            typeof value === 'string' ? wellFormed(value) : value,
          ),
        ) as Record<string, unknown>;
        return {
          queue,
          payload: requestId ? { ...checked, [JOB_REQUEST_ID]: requestId } : checked,
        };
      }),
    )
    .returning({ id: table.id });
  return rows.map((row) => row.id);
}

/** Who to notify: one user id, a list of them, or every active member. */
export type NotifyAudience = string | string[] | 'everyone';

/**
 * What a notification says, what it is about (reference §3), for a reminder its event and each
 * recipient's answer links, and for an event's change or cancellation when the event starts
 * (reference §2: urgent within 48 hours), and the producer's own mail per recipient.
 */
export type NotifyNote = Pick<
  NotificationJob,
  'title' | 'message' | 'kind' | 'eventId' | 'answerUrls' | 'eventAt' | 'mails'
>;

/** Notifies users: one outbox row, delivered through the `notifications` queue. */
export function notify(
  executor: Executor,
  table: OutboxTable,
  audience: NotifyAudience,
  note: NotifyNote,
): Promise<string> {
  return addToOutbox(executor, table, 'notifications', {
    audience:
      audience === 'everyone'
        ? { everyone: true }
        : { userIds: Array.isArray(audience) ? audience : [audience] },
    ...note,
  });
}

export interface OutboxRelay {
  /** Relay now instead of at the next tick (called after a commit that added jobs). */
  poke(): void;
  /** Relays until the outbox is empty or Redis refuses; resolves with how many jobs moved. */
  flush(): Promise<number>;
  /** Jobs still waiting in the outbox. */
  pending(): Promise<number>;
  stop(): Promise<void>;
}

export function startOutboxRelay(options: {
  db: Database;
  table: OutboxTable;
  queues: Queues;
  log: Logger;
  intervalMs?: number;
  batchSize?: number;
}): OutboxRelay {
  const { db, table, queues, log } = options;
  const batchSize = options.batchSize ?? 50;
  let running: Promise<number> | undefined;
  let stopped = false;

  const relayBatch = async (): Promise<{ moved: number; blocked: boolean }> =>
    db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(table)
        .orderBy(asc(table.createdAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return { moved: 0, blocked: true };
      const ids = rows.map((row) => row.id);
      try {
        // One round trip per queue for the whole batch (a club-wide change queues hundreds).
        await queues.addMany(
          rows.map((row) => {
            const requestId = (row.payload as Record<string, unknown>)[JOB_REQUEST_ID];
            return {
              queue: row.queue as QueueName,
              payload: row.payload,
              jobId: row.id,
              requestId: isRequestId(requestId) ? requestId : undefined,
            };
          }),
        );
      } catch (err) {
        await tx
          .update(table)
          .set({ attempts: sql`${table.attempts} + 1`, lastError: String(err).slice(0, 500) })
          .where(inArray(table.id, ids));
        if (rows.some((row) => row.attempts === 0))
          log.warn({ outboxIds: ids, err: String(err) }, 'queue unreachable; jobs kept in outbox');
        return { moved: 0, blocked: true };
      }
      await tx.delete(table).where(inArray(table.id, ids));
      return { moved: rows.length, blocked: rows.length < batchSize };
    });

  const relayAll = async (): Promise<number> => {
    let total = 0;
    try {
      for (;;) {
        const { moved, blocked } = await relayBatch();
        total += moved;
        if (blocked || moved === 0) break;
      }
      if (total > 0) log.info({ moved: total }, 'outbox relayed');
    } catch (err) {
      log.warn({ err: String(err) }, 'outbox relay failed; will retry');
    }
    return total;
  };

  // A flush asked for while one runs may come after a commit that run's read did not see (a
  // poke after a commit, or a test waiting for its job), so it runs once more after the current
  // one instead of sharing it. Callers that arrive meanwhile share that one follow-up run.
  let again: Promise<number> | undefined;
  const flush = (): Promise<number> => {
    if (running) {
      again ??= running.then(() => {
        again = undefined;
        return flush();
      });
      return again;
    }
    running = relayAll().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer = setInterval(() => {
    if (!stopped) void flush();
  }, options.intervalMs ?? 1000);
  timer.unref();

  return {
    poke: () => void flush(),
    flush,
    pending: async () => {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
      return row?.n ?? 0;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      await again;
    },
  };
}
