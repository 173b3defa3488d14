/**
 * The unit of work every service with a database uses: its repositories bound to one transaction,
 * plus its outbox, so a change and the jobs it causes commit together or not at all. After the
 * commit the relay is poked, so the jobs reach their queues at once rather than at the next tick.
 */
import type { JobPayloads, QueueName } from '@teamapp/contracts';
import type { Database } from './db';
import {
  addToOutbox,
  notify,
  type NotifyAudience,
  type OutboxRelay,
  type OutboxTable,
} from './outbox';

/** The outbox side of a unit of work. */
export interface OutboxWriter {
  /** Queues a job when (and only if) the transaction commits. */
  enqueue<Q extends QueueName>(queue: Q, payload: JobPayloads[Q]): Promise<string>;
  /** Notifies users (through the `notifications` queue) when the transaction commits. */
  notify(audience: NotifyAudience, note: { title: string; message: string }): Promise<string>;
}

/** A service's repositories inside one transaction, and its outbox. */
export type Store<TRepos> = TRepos & OutboxWriter;

/** Runs work in one transaction and returns its result; throwing rolls everything back. */
export type InTransaction<TRepos> = <T>(work: (store: Store<TRepos>) => Promise<T>) => Promise<T>;

export function createUnitOfWork<TSchema extends Record<string, unknown>, TRepos>(options: {
  db: Database<TSchema>;
  outbox: OutboxTable;
  relay: OutboxRelay;
  /** Builds the service's repositories over a database or an open transaction. */
  repos: (db: Database<TSchema>) => TRepos;
}): InTransaction<TRepos> {
  const { db, outbox, relay, repos } = options;
  return async (work) => {
    const result = await db.transaction((tx) => {
      // A transaction offers every query method the database does.
      const bound = tx as unknown as Database<TSchema>;
      const writer: OutboxWriter = {
        enqueue: (queue, payload) => addToOutbox(bound, outbox, queue, payload),
        notify: (audience, note) => notify(bound, outbox, audience, note),
      };
      return work({ ...repos(bound), ...writer });
    });
    relay.poke();
    return result;
  };
}
