/**
 * Test harness: the real content app in-process on a throwaway database and the real Redis.
 * Tokens are signed with the test key pair and backed by live sessions in Redis, exactly as the
 * auth service issues them.
 */
import { randomUUID } from 'node:crypto';
import type { Role } from '@teamapp/contracts';
import { createRedis, SessionStore, signToken } from '@teamapp/service-kit';
import { createTestDatabase, testKeyPair, testRedisPrefix } from '@teamapp/service-kit/testing';
import { createContentService, type ContentService } from '../src/app';
import { loadContentConfig } from '../src/config';

export interface ContentHarness {
  service: ContentService;
  server: ReturnType<ContentService['app']['callback']>;
  tokenFor: (role: Role) => Promise<string>;
  close: () => Promise<void>;
}

export async function startContent(): Promise<ContentHarness> {
  const database = await createTestDatabase();
  const keys = testKeyPair();
  const prefix = testRedisPrefix();
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const config = loadContentConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVICE_PORT: '0',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    JWT_PUBLIC_KEY: keys.publicKey,
  });
  const service = await createContentService(config);
  const redis = createRedis(redisUrl);
  const sessions = new SessionStore(redis, prefix);
  return {
    service,
    server: service.app.callback(),
    tokenFor: async (role) => {
      const userId = randomUUID();
      const sid = await sessions.create(userId, 600);
      return signToken({ sub: userId, role, sid }, keys.privateKey, 600);
    },
    close: async () => {
      redis.disconnect();
      await service.close();
      await database.drop();
    },
  };
}
