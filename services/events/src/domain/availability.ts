/**
 * Availability use cases: a member lists, adds and deletes their own entries. A Not Available
 * entry answers for the member on the events it covers (see absences.ts), in the same
 * transaction as the entry itself.
 */
import type { AvailabilityEntry } from '@teamapp/contracts';
import { notFound } from '@teamapp/service-kit';
import type { EventsRepos, EventsStore } from '../db/repos';
import type { AvailabilityRow } from '../db/schema';
import { applyEntry, releaseEntry } from './absences';
import { dayRange, type ClubTime } from './club-time';
import { requireGuardianOf } from './families';
import { scopesOfEvents } from './list-cache';
import type { EventsUseCaseDeps } from './use-case-deps';

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
  /** A child of the caller's (family.ts): the entry is the child's, added by the caller. */
  forUserId?: string;
}

/**
 * Whose entries the caller reads or writes: their own, or (`forUserId`) their child's, when they
 * are the child's guardian (403 NOT_YOUR_CHILD otherwise).
 */
async function whoseEntries(repos: EventsRepos, userId: string, forUserId?: string) {
  if (!forUserId || forUserId === userId) return { userId, addedBy: null };
  await requireGuardianOf(repos, userId, forUserId);
  return { userId: forUserId, addedBy: userId };
}

export function createAvailabilityUseCases(deps: EventsUseCaseDeps) {
  return {
    list: async (userId: string, forUserId?: string) => {
      const whose = await whoseEntries(deps.repos, userId, forUserId);
      return (await deps.repos.availability.listFor(whose.userId)).map(toAvailabilityEntry);
    },

    create: (userId: string, input: NewEntry) =>
      deps.inTransaction(async (store) => {
        const whose = await whoseEntries(store, userId, input.forUserId);
        const row = await store.availability.insert({
          userId: whose.userId,
          addedBy: whose.addedBy,
          startDate: input.startDate,
          endDate: input.endDate,
          isAvailable: input.isAvailable,
          reason: input.isAvailable ? null : (input.reason ?? null),
        });
        await applyEntry(store, row, deps.time, deps.now());
        await dropListsOn(store, row, deps.time);
        return toAvailabilityEntry(row);
      }),

    /** The caller's own entry, or one of a child's they are the guardian of; else not found. */
    remove: (userId: string, id: string) =>
      deps.inTransaction(async (store) => {
        const row = await store.availability.find(id);
        const mayRemove =
          !!row &&
          (row.userId === userId ||
            !!(await store.families.find(row.userId))?.guardians.some((g) => g.userId === userId));
        if (!row || !mayRemove) throw notFound(AVAILABILITY_NOT_FOUND);
        await releaseEntry(store, row, deps.time, deps.now());
        await store.availability.remove(id);
        await dropListsOn(store, row, deps.time);
      }),
  };
}

export type AvailabilityUseCases = ReturnType<typeof createAvailabilityUseCases>;
