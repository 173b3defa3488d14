/**
 * Availability use cases: a member lists, adds and deletes their own entries. A Not Available
 * entry answers for the member on the events it covers (see absences.ts), in the same
 * transaction as the entry itself.
 */
import type { AvailabilityEntry } from '@teamapp/contracts';
import { notFound } from '@teamapp/service-kit';
import type { EventsRepos, EventsStore, EventsTransaction } from '../db/repos';
import type { AvailabilityRow } from '../db/schema';
import { applyEntry, releaseEntry } from './absences';
import { dayRange, type ClubTime } from './club-time';
import { scopesOfEvents } from './list-cache';

export const AVAILABILITY_NOT_FOUND = 'Availability entry not found';

/** An entry as the API returns it (reference §3); an empty reason is left out. */
export const toAvailabilityEntry = (row: AvailabilityRow): AvailabilityEntry => ({
  id: row.id,
  user_id: row.userId,
  start_date: row.startDate,
  end_date: row.endDate,
  is_available: row.isAvailable,
  ...(row.reason ? { reason: row.reason } : {}),
});

/**
 * The lists showing events on the entry's days: an admin's list names who is away on each, and
 * the entry answers (or stops answering) for its member there.
 */
async function dropListsOn(store: EventsStore, entry: AvailabilityRow, time: ClubTime) {
  const { from, to } = dayRange(entry.startDate, entry.endDate, time.zone);
  store.dropCached(...scopesOfEvents(await store.events.between(from, to)));
}

export interface NewEntry {
  startDate: string;
  endDate: string;
  isAvailable: boolean;
  reason?: string;
}

export function createAvailabilityUseCases(deps: {
  repos: EventsRepos;
  inTransaction: EventsTransaction;
  time: ClubTime;
  now: () => Date;
}) {
  return {
    list: async (userId: string) =>
      (await deps.repos.availability.listFor(userId)).map(toAvailabilityEntry),

    create: (userId: string, input: NewEntry) =>
      deps.inTransaction(async (store) => {
        const row = await store.availability.insert({
          userId,
          startDate: input.startDate,
          endDate: input.endDate,
          isAvailable: input.isAvailable,
          reason: input.isAvailable ? null : (input.reason ?? null),
        });
        await applyEntry(store, row, deps.time, deps.now());
        await dropListsOn(store, row, deps.time);
        return toAvailabilityEntry(row);
      }),

    remove: (userId: string, id: string) =>
      deps.inTransaction(async (store) => {
        const row = await store.availability.findOwn(userId, id);
        if (!row) throw notFound(AVAILABILITY_NOT_FOUND);
        await releaseEntry(store, row, deps.time, deps.now());
        await store.availability.remove(id);
        await dropListsOn(store, row, deps.time);
      }),
  };
}

export type AvailabilityUseCases = ReturnType<typeof createAvailabilityUseCases>;
