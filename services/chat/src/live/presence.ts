/**
 * Who has a live socket open, across every chat process: per user a Redis sorted set of the
 * processes holding one of their sockets, each scored with the time its entry expires. A process
 * adds a user when their first socket opens there, refreshes its entries on every heartbeat,
 * and removes the user when their last socket there closes; a process that dies leaves entries
 * that lapse within a few heartbeats. A user is online while any entry is still current.
 */
import { randomUUID } from 'node:crypto';
import type { Logger, Redis } from '@teamapp/service-kit';

export interface Presence {
  /** This process now holds a socket of these users (or still does: a heartbeat). */
  here: (userIds: string[]) => Promise<void>;
  /** This process holds no socket of this user any more. */
  gone: (userId: string) => Promise<void>;
  /** The subset of `userIds` with a live socket on any process. */
  online: (userIds: string[]) => Promise<Set<string>>;
}

export function createPresence(options: {
  redis: Redis;
  prefix: string;
  /** How long an entry stays current without a refresh. */
  ttlMs: number;
  log: Logger;
}): Presence {
  const { redis, ttlMs, log } = options;
  const processId = randomUUID();
  const key = (userId: string) => `${options.prefix}chat:presence:${userId}`;

  return {
    async here(userIds) {
      if (userIds.length === 0) return;
      const until = Date.now() + ttlMs;
      const pipeline = redis.pipeline();
      for (const userId of userIds) {
        pipeline.zadd(key(userId), until, processId);
        pipeline.pexpire(key(userId), ttlMs);
      }
      await pipeline.exec().catch((err: unknown) => log.warn({ err }, 'presence refresh failed'));
    },
    async gone(userId) {
      await redis
        .zrem(key(userId), processId)
        .catch((err: unknown) => log.warn({ err }, 'presence removal failed'));
    },
    async online(userIds) {
      const found = new Set<string>();
      if (userIds.length === 0) return found;
      const now = Date.now();
      const pipeline = redis.pipeline();
      for (const userId of userIds) pipeline.zcount(key(userId), now, '+inf');
      const answers = (await pipeline.exec()) ?? [];
      answers.forEach(([err, count], i) => {
        // A user whose presence cannot be read counts as online: no notification beats a wrong one.
        if (err || Number(count) > 0) found.add(userIds[i]!);
      });
      return found;
    },
  };
}
