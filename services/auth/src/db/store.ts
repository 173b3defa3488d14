/**
 * The auth service's unit of work: repositories bound to one transaction, plus the outbox, so a
 * change and the jobs it causes commit together.
 */
import type { JobPayloads, QueueName } from '@teamapp/contracts';
import {
  addToOutbox,
  notify,
  type Database,
  type NotifyAudience,
  type OutboxRelay,
} from '@teamapp/service-kit';
import { createResetTokensRepo } from './reset-tokens.repo';
import { outbox, type AuthSchema } from './schema';
import { createUsersRepo } from './users.repo';

export function createStore(db: Database<AuthSchema>) {
  return {
    users: createUsersRepo(db),
    resetTokens: createResetTokensRepo(db),
    enqueue: <Q extends QueueName>(queue: Q, payload: JobPayloads[Q]) =>
      addToOutbox(db, outbox, queue, payload),
    notify: (audience: NotifyAudience, note: { title: string; message: string }) =>
      notify(db, outbox, audience, note),
  };
}

export type Store = ReturnType<typeof createStore>;
export type InTransaction = <T>(work: (store: Store) => Promise<T>) => Promise<T>;

/** Runs work in one transaction; after it commits, the relay is poked to queue the jobs at once. */
export function transactionRunner(db: Database<AuthSchema>, relay: OutboxRelay): InTransaction {
  return async (work) => {
    const result = await db.transaction((tx) =>
      work(createStore(tx as unknown as Database<AuthSchema>)),
    );
    relay.poke();
    return result;
  };
}
