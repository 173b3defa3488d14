/** What the events service's use cases over its records are given (app.ts builds them once). */
import type { EventsRepos, EventsTransaction } from '../db/repos';
import type { ClubTime } from './club-time';

export interface EventsUseCaseDeps {
  /** Reads outside a transaction. */
  repos: EventsRepos;
  /** Writes, in one transaction with the outbox and the list cache. */
  inTransaction: EventsTransaction;
  /** The club's time zone, in which days, weeks and seasons are counted. */
  time: ClubTime;
  now: () => Date;
}
