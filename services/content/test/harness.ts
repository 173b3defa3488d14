/**
 * Test harness: the real content app in-process on a throwaway database and the real Redis.
 * Tokens are signed with the test key pair and backed by live sessions in Redis, exactly as the
 * auth service issues them.
 */
import { startServiceHarness, type ServiceHarness } from '@teamapp/service-kit/testing';
import { createContentService, type ContentService, type ContentServiceOptions } from '../src/app';
import { loadContentConfig } from '../src/config';

export type ContentHarness = ServiceHarness<ContentService>;

export function startContent(
  options: {
    redisUrl?: string;
    prefix?: string;
    env?: Record<string, string>;
    service?: ContentServiceOptions;
  } = {},
): Promise<ContentHarness> {
  return startServiceHarness({
    loadConfig: loadContentConfig,
    create: (config) => createContentService(config, options.service),
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    env: {
      // Nothing listens on the discard port: the showcase's outside parts are down unless a
      // test starts them.
      EVENTS_INTERNAL_URL: 'http://127.0.0.1:9',
      ...options.env,
    },
  });
}

export { eventually } from '@teamapp/service-kit/testing';
