/**
 * The event list, computed once per change instead of once per request. Every read of GET
 * /api/events is the same for all admins and the same for all members (it depends on the role
 * and the type filter only, never on the clock), so each process keeps the serialized answer per
 * variant, tagged with a generation number kept in Redis. Anything that can change the list (a
 * successful write request to this service, a member joining or leaving) bumps the generation,
 * so every replica recomputes on its next read. A read takes the generation before it queries,
 * so a write that lands during the query leaves the stored answer already outdated, never wrong.
 */
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Redis } from 'ioredis';
import type Koa from 'koa';

const gzipAsync = promisify(gzip);

export interface ListCache {
  /** The answer for `variant`, computed by `compute` unless this generation's is kept. */
  read: (variant: string, compute: () => Promise<string>) => Promise<string>;
  /**
   * The same answer gzipped, compressed once per generation and variant: a browser asks for
   * gzip, and 500 events with every member's answer shrink about twentyfold.
   */
  readGzipped: (variant: string, compute: () => Promise<string>) => Promise<Buffer>;
  /** The list may have changed: every replica recomputes on its next read. */
  bump: () => Promise<void>;
  /** Koa middleware: bumps after every successful write request (not GET, HEAD or OPTIONS). */
  bumpOnWrite: Koa.Middleware;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createListCache(redis: Redis, prefix: string): ListCache {
  const key = `${prefix}events:list-generation`;
  const kept = new Map<string, { generation: string; body: string; gzipped?: Promise<Buffer> }>();
  const bump = async () => {
    await redis.incr(key);
  };
  async function entry(variant: string, compute: () => Promise<string>) {
    const generation = (await redis.get(key)) ?? '0';
    const hit = kept.get(variant);
    if (hit && hit.generation === generation) return hit;
    const fresh = { generation, body: await compute() };
    kept.set(variant, fresh);
    return fresh;
  }
  return {
    read: async (variant, compute) => (await entry(variant, compute)).body,
    async readGzipped(variant, compute) {
      const found: { body: string; gzipped?: Promise<Buffer> } = await entry(variant, compute);
      found.gzipped ??= gzipAsync(found.body);
      return found.gzipped;
    },
    bump,
    async bumpOnWrite(ctx, next) {
      await next();
      if (!READS.has(ctx.method) && ctx.status < 400) await bump();
    },
  };
}
