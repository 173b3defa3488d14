/**
 * GET /api/settings from memory. Every page load reads the branding, signed in or not, and it
 * changes only when an admin writes it, so each process keeps the serialized answer (and its
 * gzip, for a large logo) until told otherwise. A write clears this process's copy at once and
 * tells every replica over Redis pub/sub; a replica whose subscription drops clears its copy when
 * it reconnects (it may have missed a message), and a copy never outlives MAX_AGE_MS either way.
 * A read that started before a write never stores its (older) answer: each clear starts a new
 * generation, and only an answer computed within the current one is kept.
 */
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Redis } from 'ioredis';

const gzipAsync = promisify(gzip);

/** A safety net only: invalidation is by message. */
export const MAX_AGE_MS = 5 * 60_000;
/** Below this, gzip saves less than it costs (a settings answer without a logo is ~200 bytes). */
const GZIP_FROM_BYTES = 1024;

export interface CachedAnswer {
  body: Buffer;
  /** The body gzipped, when it is worth it. */
  gzipped: Buffer | null;
}

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
  const channel = `${prefix}content:settings-changed`;
  const now = options.now ?? Date.now;
  let generation = 0;
  let kept: { answer: Promise<CachedAnswer>; at: number; generation: number } | null = null;
  const clear = () => {
    generation += 1;
    kept = null;
  };

  // A connection in subscriber mode can do nothing else: a second one for it.
  const subscriber = redis.duplicate();
  subscriber.on('message', (from: string) => {
    if (from === channel) clear();
  });
  // Reconnected: messages sent while away are lost, so start afresh.
  subscriber.on('ready', clear);
  subscriber.on('error', (err: unknown) => options.onError?.(err));
  await subscriber.subscribe(channel);

  async function make(compute: () => Promise<string>): Promise<CachedAnswer> {
    const body = Buffer.from(await compute());
    return { body, gzipped: body.length >= GZIP_FROM_BYTES ? await gzipAsync(body) : null };
  }

  return {
    read(compute) {
      if (kept && kept.generation === generation && now() - kept.at < MAX_AGE_MS) {
        return kept.answer;
      }
      const started = generation;
      const answer = make(compute);
      kept = { answer, at: now(), generation: started };
      // A failed read is not kept: the next request tries again.
      answer.catch(() => {
        if (kept?.answer === answer) kept = null;
      });
      return answer;
    },
    async invalidate() {
      clear();
      await redis.publish(channel, String(now()));
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
