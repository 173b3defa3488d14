/**
 * Test harness: the real content app in-process on a throwaway database and the real Redis.
 * Tokens are signed with the test key pair and backed by live sessions in Redis, exactly as the
 * auth service issues them.
 */
import { randomUUID } from 'node:crypto';
import type { Role } from '@teamapp/contracts';
import {
  createQueues,
  createRedis,
  SessionStore,
  signToken,
  type Queues,
} from '@teamapp/service-kit';
import { createTestDatabase, testKeyPair, testRedisPrefix } from '@teamapp/service-kit/testing';
import { createContentService, type ContentService } from '../src/app';
import { loadContentConfig } from '../src/config';

export interface ContentHarness {
  service: ContentService;
  server: ReturnType<ContentService['app']['callback']>;
  /** A live token for a new user of that role. */
  tokenFor: (role: Role) => Promise<string>;
  /** A live token and the user id behind it. */
  userFor: (role: Role) => Promise<{ userId: string; token: string }>;
  /** Producer side of the queues, on this harness's Redis prefix. */
  queues: Queues;
  close: () => Promise<void>;
}

export async function startContent(
  options: { redisUrl?: string; prefix?: string } = {},
): Promise<ContentHarness> {
  const database = await createTestDatabase();
  const keys = testKeyPair();
  const prefix = options.prefix ?? testRedisPrefix();
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const config = loadContentConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVICE_PORT: '0',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    JWT_PUBLIC_KEY: keys.publicKey,
    JOB_ATTEMPTS: '3',
    JOB_BACKOFF_MS: '50',
  });
  const service = await createContentService(config);
  const redis = createRedis(redisUrl);
  const sessions = new SessionStore(redis, prefix);
  const queues = createQueues({ redisUrl, prefix });
  const userFor = async (role: Role) => {
    const userId = randomUUID();
    const sid = await sessions.create(userId, 600);
    return { userId, token: signToken({ sub: userId, role, sid }, keys.privateKey, 600) };
  };
  return {
    service,
    server: service.app.callback(),
    userFor,
    tokenFor: async (role) => (await userFor(role)).token,
    queues,
    close: async () => {
      await queues.close();
      redis.disconnect();
      await service.close();
      await database.drop();
    },
  };
}

export { eventually } from '@teamapp/service-kit/testing';
