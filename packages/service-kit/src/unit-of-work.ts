/**
 * The unit of work every service with a database uses: its repositories bound to one transaction,
 * plus its outbox, so a change and the jobs it causes commit together or not at all. After the
 * commit the relay is poked, so the jobs reach their queues at once rather than at the next tick.
 *
 * It is also the one path by which cached reads are dropped: a write names the read cache's
 * scopes it changes (`store.dropCached`) where it writes, and they are dropped once, after the
 * transaction has committed and before the work's result is handed back. Never before the
 * commit, or a reader could fill the cache again from the rows about to change (the read cache
 * keeps no answer whose read started before the drop, so one racing the write is not kept);
 * never when the work rolls back, as nothing changed.
 */
import type { JobPayloads, QueueName } from '@teamapp/contracts';
import type { Database } from './db';
import type { ReadCache } from './read-cache';
import {
  addAllToOutbox,
  addToOutbox,
  notify,
  type NotifyAudience,
  type NotifyNote,
  type OutboxRelay,
  type OutboxTable,
} from './outbox';

/** The outbox side of a unit of work. */
export interface OutboxWriter {
  /** Queues a job when (and only if) the transaction commits. */
  enqueue<Q extends QueueName>(queue: Q, payload: JobPayloads[Q]): Promise<string>;
  /** Queues several jobs of one queue, written in one statement, when the transaction commits. */
  enqueueAll<Q extends QueueName>(queue: Q, payloads: readonly JobPayloads[Q][]): Promise<string[]>;
  /** Notifies users (through the `notifications` queue) when the transaction commits. */
  notify(audience: NotifyAudience, note: NotifyNote): Promise<string>;
}

/** The read-cache side of a unit of work. */
export interface CacheWriter {
  /** These scopes of the service's read cache show what this work changes: dropped on commit. */
  dropCached(...scopes: string[]): void;
}

/** A service's repositories inside one transaction, its outbox and its read cache. */
export type Store<TRepos> = TRepos & OutboxWriter & CacheWriter;

/** Runs work in one transaction and returns its result; throwing rolls everything back. */
export type InTransaction<TRepos> = <T>(work: (store: Store<TRepos>) => Promise<T>) => Promise<T>;

export function createUnitOfWork<TSchema extends Record<string, unknown>, TRepos>(options: {
  db: Database<TSchema>;
  outbox: OutboxTable;
  relay: OutboxRelay;
  /** Builds the service's repositories over a database or an open transaction. */
  repos: (db: Database<TSchema>) => TRepos;
  /** The service's read cache, when it keeps one: the scopes a write names are dropped there. */
  cache?: ReadCache;
}): InTransaction<TRepos> {
  const { db, outbox, relay, repos, cache } = options;
  return async (work) => {
    const dropped = new Set<string>();
    const result = await db.transaction((tx) => {
      // A transaction offers every query method the database does.
      const bound = tx as unknown as Database<TSchema>;
      const writer: OutboxWriter & CacheWriter = {
        enqueue: (queue, payload) => addToOutbox(bound, outbox, queue, payload),
        enqueueAll: (queue, payloads) => addAllToOutbox(bound, outbox, queue, payloads),
        notify: (audience, note) => notify(bound, outbox, audience, note),
        dropCached: (...scopes) => {
          // Thrown inside the transaction, so a write that would leave a stale answer fails.
          if (!cache) throw new Error('this unit of work was given no read cache to drop from');
          for (const scope of scopes) dropped.add(scope);
        },
      };
      return work({ ...repos(bound), ...writer });
    });
    relay.poke();
    if (cache && dropped.size > 0) await cache.invalidate([...dropped]);
    return result;
  };
}
