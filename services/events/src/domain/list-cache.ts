/**
 * The event list, computed once per change instead of once per request. Every read of GET
 * /api/events is the same for all admins and the same for all members (it depends on the role
 * and the type filter only, never on the clock), so each process keeps the serialized answer per
 * variant, and its gzip, in service-kit's read cache.
 *
 * Each type filter is one scope of that cache (`events:all`, `events:game`, ...), holding one
 * answer per role. A write names, on its unit of work, the scopes of the events it touches (the
 * unfiltered list and each of their types' lists); they are dropped in this process and in every
 * replica once it has committed, before it answers, and a read under way meanwhile is never kept.
 * No request pays a Redis round trip for it.
 */
import { gzipSync } from 'node:zlib';
import { EVENT_TYPES, type EventType, type Role } from '@teamapp/contracts';
import { createReadCache, type ReadCache } from '@teamapp/service-kit';
import type { Redis } from 'ioredis';

/** What a list shows: events of one type, or all of them. */
export type ListFilter = EventType | 'all';

/** One kept list: its type (all when none) and the role it is shown to (admins see who is away). */
export interface ListVariant {
  type?: EventType;
  role: Role;
}

export const listScope = (filter: ListFilter) => `events:${filter}`;

/** The lists that show events of these types: the unfiltered one and each type's own. */
export const listScopesOf = (types: Iterable<EventType>): string[] => {
  const distinct = [...new Set(types)];
  return distinct.length === 0 ? [] : [listScope('all'), ...distinct.map(listScope)];
};

/** Every list: for what every event shows (the members invited and their names). */
export const EVERY_LIST = listScopesOf(EVENT_TYPES);

export interface ListCache {
  /** The answer for `variant`, computed by `compute` unless the kept one is still current. */
  read: (variant: ListVariant, compute: () => Promise<string>) => Promise<string>;
  /**
   * The same answer gzipped, compressed once per change and variant: a browser asks for gzip,
   * and 500 events with every member's answer shrink about twentyfold.
   */
  readGzipped: (variant: ListVariant, compute: () => Promise<string>) => Promise<Buffer>;
  /** The read cache under the lists, which the service's unit of work drops scopes from. */
  cache: ReadCache;
  close: () => Promise<void>;
}

export async function createListCache(
  redis: Redis,
  prefix: string,
  options: { onError?: (err: unknown) => void } = {},
): Promise<ListCache> {
  const cache = await createReadCache(redis, `${prefix}events:list-changed`, {
    onError: options.onError,
  });
  const answer = (variant: ListVariant, compute: () => Promise<string>) =>
    cache.read(listScope(variant.type ?? 'all'), variant.role, compute);
  return {
    read: async (variant, compute) => (await answer(variant, compute)).body.toString(),
    async readGzipped(variant, compute) {
      const kept = await answer(variant, compute);
      // The read cache compresses from 1 KiB on; a smaller list is gzipped here, as asked.
      return kept.gzipped ?? gzipSync(kept.body);
    },
    cache,
    close: () => cache.close(),
  };
}
