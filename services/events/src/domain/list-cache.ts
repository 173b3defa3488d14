/**
 * The event list, computed once per change instead of once per request. Every read of GET
 * /api/events is the same for all admins and the same for all members (it depends on the role
 * and the type filter only, never on the clock), so each process keeps the serialized answer per
 * variant, and its gzip, in service-kit's read cache. Anything that can change the list (a
 * successful write request to this service, a member joining or leaving) drops every variant in
 * this process at once and in every replica over Redis pub/sub, before the write answers; a read
 * that was under way when a write landed is never kept. No request pays a Redis round trip for it.
 */
import { gzipSync } from 'node:zlib';
import { createReadCache } from '@teamapp/service-kit';
import type { Redis } from 'ioredis';
import type Koa from 'koa';

export interface ListCache {
  /** The answer for `variant`, computed by `compute` unless the kept one is still current. */
  read: (variant: string, compute: () => Promise<string>) => Promise<string>;
  /**
   * The same answer gzipped, compressed once per change and variant: a browser asks for gzip,
   * and 500 events with every member's answer shrink about twentyfold.
   */
  readGzipped: (variant: string, compute: () => Promise<string>) => Promise<Buffer>;
  /** The list may have changed: every replica recomputes on its next read. */
  bump: () => Promise<void>;
  /** Koa middleware: bumps after every successful write request (not GET, HEAD or OPTIONS). */
  bumpOnWrite: Koa.Middleware;
  close: () => Promise<void>;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Every variant lives in one scope: any change drops them all. */
const SCOPE = 'events';

export async function createListCache(
  redis: Redis,
  prefix: string,
  options: { onError?: (err: unknown) => void } = {},
): Promise<ListCache> {
  const cache = await createReadCache(redis, `${prefix}events:list-changed`, {
    onError: options.onError,
  });
  const bump = () => cache.invalidate([SCOPE]);
  return {
    read: async (variant, compute) => (await cache.read(SCOPE, variant, compute)).body.toString(),
    async readGzipped(variant, compute) {
      const answer = await cache.read(SCOPE, variant, compute);
      // The read cache compresses from 1 KiB on; a smaller list is gzipped here, as asked.
      return answer.gzipped ?? gzipSync(answer.body);
    },
    bump,
    async bumpOnWrite(ctx, next) {
      await next();
      if (!READS.has(ctx.method) && ctx.status < 400) await bump();
    },
    close: () => cache.close(),
  };
}
