/**
 * Read answers kept in memory, dropped on every replica when what they show changes. A list that
 * many requests read and few change (the news board, a member's notifications, a member's chat
 * rooms) is computed once per change instead of once per request.
 *
 * Answers are grouped by scope: `news` for a list everyone shares, `user:<id>` for one member's.
 * A write names the scopes it touches on its unit of work (unit-of-work.ts), which calls
 * `invalidate` with them once the transaction has committed and before the write answers: this
 * process drops them at once and tells every replica over Redis pub/sub. A replica whose
 * subscription drops clears everything when it reconnects (it may have missed a message), and no
 * answer outlives maxAgeMs either way. A read that started before
 * an invalidation of its scope never stores its (older) answer; readers of one scope arriving
 * together share one computation.
 */
import { randomBytes } from 'node:crypto';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Redis } from 'ioredis';
import type { Context } from 'koa';

const gzipAsync = promisify(gzip);

/** How long a write waits for its invalidation to reach Redis before answering anyway. */
const PUBLISH_WAIT_MS = 1000;

/** Below this, gzip saves less than it costs. */
const GZIP_FROM_BYTES = 1024;

export interface CachedAnswer {
  body: Buffer;
  /** The body gzipped, when it is worth it. */
  gzipped: Buffer | null;
}

export interface ReadCache {
  /** The kept answer for `key` within `scope`, or the one `compute` makes (JSON text). */
  read: (
    scope: string,
    key: string,
    compute: () => Promise<string>,
    options?: ReadOptions,
  ) => Promise<CachedAnswer>;
  /** What these scopes show changed (every scope when none are named), on every replica. */
  invalidate: (scopes?: string[]) => Promise<void>;
  /** When the answer kept for `key` within `scope` was started, or undefined when none is. */
  keptAt: (scope: string, key: string) => number | undefined;
  close: () => Promise<void>;
}

export interface ReadCacheOptions {
  /** A safety net only: invalidation is by message. */
  maxAgeMs?: number;
  /** Scopes kept at most; the least recently read go first. */
  maxScopes?: number;
  now?: () => number;
  onError?: (err: unknown) => void;
}

export interface ReadOptions {
  /**
   * Keeps this answer a shorter time than the cache's maxAgeMs: for an answer that shows data
   * another service owns, whose writes name no scope here.
   */
  maxAgeMs?: number;
}

interface Scope {
  generation: number;
  answers: Map<string, { answer: Promise<CachedAnswer>; at: number; maxAgeMs: number }>;
}

/** Answers JSON from the cache: gzipped when the client takes it and it is worth it. */
export function sendCached(ctx: Context, answer: CachedAnswer): void {
  ctx.type = 'application/json';
  ctx.vary('Accept-Encoding');
  if (answer.gzipped && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = answer.gzipped;
  } else {
    ctx.body = answer.body;
  }
}

async function make(compute: () => Promise<string>): Promise<CachedAnswer> {
  const body = Buffer.from(await compute());
  return { body, gzipped: body.length >= GZIP_FROM_BYTES ? await gzipAsync(body) : null };
}

/** A cache whose invalidations travel on the Redis channel `channel`. */
export async function createReadCache(
  redis: Redis,
  channel: string,
  options: ReadCacheOptions = {},
): Promise<ReadCache> {
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const maxScopes = options.maxScopes ?? 10_000;
  const now = options.now ?? Date.now;
  // This process's own messages are applied before they are sent.
  const origin = randomBytes(8).toString('hex');
  let scopes = new Map<string, Scope>();

  const drop = (names: string[] | undefined) => {
    if (!names) {
      // Reads under way hold the old scopes, which are no longer in the map: none is stored.
      scopes = new Map();
      return;
    }
    for (const name of names) {
      const scope = scopes.get(name);
      if (!scope) continue;
      scope.generation += 1;
      scope.answers.clear();
    }
  };

  // A connection in subscriber mode can do nothing else: a second one for it.
  const subscriber = redis.duplicate();
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const message = JSON.parse(text) as { origin: string; scopes?: string[] };
      if (message.origin !== origin) drop(message.scopes);
    } catch {
      drop(undefined);
    }
  });
  // Reconnected: messages sent while away are lost, so start afresh.
  subscriber.on('ready', () => drop(undefined));
  subscriber.on('error', (err: unknown) => options.onError?.(err));
  await subscriber.subscribe(channel);

  return {
    read(name, key, compute, readOptions = {}) {
      let scope = scopes.get(name);
      if (scope) {
        // The most recently read scope goes last: the first ones are the ones to let go.
        scopes.delete(name);
        scopes.set(name, scope);
        const kept = scope.answers.get(key);
        if (kept && now() - kept.at < kept.maxAgeMs) return kept.answer;
      } else {
        scope = { generation: 0, answers: new Map() };
        scopes.set(name, scope);
        if (scopes.size > maxScopes) scopes.delete(scopes.keys().next().value!);
      }
      const owner = scope;
      const started = owner.generation;
      const answer = make(compute);
      const entry = {
        answer,
        at: now(),
        maxAgeMs: Math.min(maxAgeMs, readOptions.maxAgeMs ?? maxAgeMs),
      };
      owner.answers.set(key, entry);
      // A failed read is not kept: the next request tries again.
      answer.catch(() => {
        if (owner.answers.get(key) === entry) owner.answers.delete(key);
      });
      // Invalidated meanwhile: the answer serves the reads that shared it, and is not kept.
      void answer.then(
        () => {
          if (owner.generation !== started && owner.answers.get(key) === entry)
            owner.answers.delete(key);
        },
        () => undefined,
      );
      return answer;
    },
    async invalidate(names) {
      drop(names);
      // Telling the other replicas must never fail, or hold up for long, a write that has
      // committed: when Redis cannot take the message, their subscriptions are down as well and
      // each drops everything when it is back (above), and maxAgeMs bounds the rest.
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          redis.publish(channel, JSON.stringify({ origin, scopes: names })),
          new Promise((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`invalidation not published within ${PUBLISH_WAIT_MS} ms`)),
              PUBLISH_WAIT_MS,
            );
          }),
        ]);
      } catch (err) {
        options.onError?.(err);
      } finally {
        clearTimeout(timer);
      }
    },
    keptAt(name, key) {
      const kept = scopes.get(name)?.answers.get(key);
      return kept && now() - kept.at < kept.maxAgeMs ? kept.at : undefined;
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
