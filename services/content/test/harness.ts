/**
 * Test harness: the real content app in-process on a throwaway database and the real Redis.
 * Tokens are signed with the test key pair and backed by live sessions in Redis, exactly as the
 * auth service issues them.
 */
import type { Role } from '@teamapp/contracts';
import { createQueues, type Queues } from '@teamapp/service-kit';
import {
  createTestDatabase,
  createTokenMinter,
  serviceTestEnv,
  testRedisPrefix,
  testRedisUrl,
} from '@teamapp/service-kit/testing';
import { createContentService, type ContentService, type ContentServiceOptions } from '../src/app';
import { loadContentConfig } from '../src/config';

export interface ContentHarness {
  service: ContentService;
  server: ReturnType<ContentService['app']['callback']>;
  /** A live token for a new user of that role. */
  tokenFor: (role: Role) => Promise<string>;
  /** A live token and the user id behind it (optionally still to choose a new password). */
  userFor: (
    role: Role,
    options?: { mustChangePassword?: boolean },
  ) => Promise<{ userId: string; token: string; sid: string }>;
  /** Producer side of the queues, on this harness's Redis prefix. */
  queues: Queues;
  close: () => Promise<void>;
}

export async function startContent(
  options: {
    redisUrl?: string;
    prefix?: string;
    env?: Record<string, string>;
    service?: ContentServiceOptions;
  } = {},
): Promise<ContentHarness> {
  const database = await createTestDatabase();
  const prefix = options.prefix ?? testRedisPrefix();
  const redisUrl = options.redisUrl ?? testRedisUrl();
  const config = loadContentConfig(
    serviceTestEnv(database, {
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      // Nothing listens on the discard port: the showcase's outside parts are down unless a
      // test starts them.
      EVENTS_INTERNAL_URL: 'http://127.0.0.1:9',
      SHELL_INTERNAL_URL: 'http://127.0.0.1:9',
      ...options.env,
    }),
  );
  const service = await createContentService(config, options.service);
  const minter = createTokenMinter({ redisUrl, prefix });
  const queues = createQueues({ redisUrl, prefix });
  return {
    service,
    server: service.app.callback(),
    userFor: (role, options) => minter.userFor(role, options),
    tokenFor: async (role) => (await minter.userFor(role)).token,
    queues,
    close: async () => {
      await queues.close();
      minter.close();
      await service.close();
      await database.drop();
    },
  };
}

export { eventually } from '@teamapp/service-kit/testing';
