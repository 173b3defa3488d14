/**
 * GET /api/settings from memory. Every page load reads the branding, signed in or not, and it
 * changes only when an admin writes it, so each process keeps the serialized answer (and its
 * gzip, for a large logo) in service-kit's read cache until a write drops it here and, over Redis
 * pub/sub, in every replica (a replica whose subscription drops clears its copy when it
 * reconnects, and no copy outlives MAX_AGE_MS). A read that started before a write never stores
 * its older answer.
 */
import { createReadCache, type CachedAnswer } from '@teamapp/service-kit';
import type { Redis } from 'ioredis';

/** A safety net only: invalidation is by message. */
export const MAX_AGE_MS = 5 * 60_000;
/** The settings are one answer in one scope. */
const SCOPE = 'settings';

export interface SettingsCache {
  /** The kept answer, or the one `compute` makes (kept unless a write lands meanwhile). */
  read: (compute: () => Promise<string>) => Promise<CachedAnswer>;
  /** The settings changed: this process and every replica read them again. */
  invalidate: () => Promise<void>;
  close: () => Promise<void>;
}

export async function createSettingsCache(
  redis: Redis,
  prefix: string,
  options: { now?: () => number; onError?: (err: unknown) => void } = {},
): Promise<SettingsCache> {
  const cache = await createReadCache(redis, `${prefix}content:settings-changed`, {
    maxAgeMs: MAX_AGE_MS,
    now: options.now,
    onError: options.onError,
  });
  return {
    read: (compute) => cache.read(SCOPE, SCOPE, compute),
    invalidate: () => cache.invalidate([SCOPE]),
    close: () => cache.close(),
  };
}
