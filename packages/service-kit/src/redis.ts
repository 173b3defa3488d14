/** The Redis connection each service holds (sessions, queues, pub/sub). */
import { Redis } from 'ioredis';

export { Redis };

export function createRedis(url: string, options: { lazy?: boolean } = {}): Redis {
  return new Redis(url, {
    lazyConnect: options.lazy ?? false,
    // Keep commands waiting briefly instead of failing at once while Redis restarts.
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}
