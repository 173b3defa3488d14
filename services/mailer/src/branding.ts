/**
 * The club's branding as the mailer last heard it from content (queue `branding`), kept in Redis
 * so every mailer replica, and a restarted one, sends with the current app title. Only a newer
 * event replaces what is kept, so events handled out of order cannot bring an old title back.
 */
import { DEFAULT_APP_TITLE, type BrandingEvent } from '@teamapp/contracts';
import type { Redis } from '@teamapp/service-kit';

/** Replace the kept branding only when the event is at least as new as it. */
const KEEP_NEWEST = `
local at = redis.call('HGET', KEYS[1], 'at')
if at and tonumber(at) > tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'at', ARGV[1], 'appTitle', ARGV[2])
return 1`;

export interface BrandingStore {
  /** Keeps the event's branding if it is the newest seen; true when it was kept. */
  remember: (event: BrandingEvent) => Promise<boolean>;
  /** The newest branding seen, or undefined before any arrived. */
  current: () => Promise<BrandingEvent | undefined>;
  /** The app title to put in mail: the newest seen, or the default before any was seen. */
  appTitle: () => Promise<string>;
}

export function createBrandingStore(redis: Redis, prefix: string): BrandingStore {
  const key = `${prefix}mailer:branding`;
  return {
    remember: async (event) =>
      (await redis.eval(
        KEEP_NEWEST,
        1,
        key,
        String(Date.parse(event.updatedAt)),
        event.appTitle,
      )) === 1,
    current: async () => {
      const [at, appTitle] = await redis.hmget(key, 'at', 'appTitle');
      return at && appTitle
        ? { appTitle, updatedAt: new Date(Number(at)).toISOString() }
        : undefined;
    },
    appTitle: async () => (await redis.hget(key, 'appTitle')) ?? DEFAULT_APP_TITLE,
  };
}
