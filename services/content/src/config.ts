/** The content service's configuration; the only reader of process.env in this service. */
import { baseConfigShape, clubTimeZoneSchema, parseConfig } from '@teamapp/service-kit';
import { z } from 'zod';
import { parsePushOrigins } from './domain/push-origins';

/**
 * The browsers' push services (reference §7): Chrome and Edge (FCM), Firefox (Mozilla autopush),
 * Windows (WNS, one host name per region under notify.windows.com) and Safari (Apple).
 */
export const DEFAULT_PUSH_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.notify.windows.com',
  'https://web.push.apple.com',
].join(',');

/** How long a push service keeps a push for a device that is offline: one day. */
export const DEFAULT_PUSH_TTL_SECONDS = 24 * 3600;

export const contentConfigShape = {
  ...baseConfigShape,
  SERVICE_PORT: z.coerce.number().int().min(0).max(65535).default(4005),
  /**
   * The events service, for the showcase's schedule figures (its /internal routes, which the
   * gateway does not publish). Default: the events service's own default port on this machine.
   */
  EVENTS_INTERNAL_URL: z.string().url().default('http://127.0.0.1:4002'),
  /**
   * The VAPID key pair that signs pushes (RFC 8292), base64url as `web-push generate-vapid-keys`
   * prints them. Unset outside production: generated once into DATA_DIR. Required in production.
   */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /** Who the push services may contact about our pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: or https: URL')
    .default('mailto:push@teamapp.invalid'),
  /**
   * The origins a push subscription's endpoint may name, comma-separated (reference §7): the
   * browsers' push services. `https://*.example.com` stands for any host under example.com. An
   * origin is used as written (tests list their local receiver); production refuses http ones.
   */
  PUSH_ALLOWED_ORIGINS: z.string().default(DEFAULT_PUSH_ORIGINS),
  /** The club's IANA time zone: members' quiet hours are wall-clock times there (reference §2). */
  CLUB_TIME_ZONE: clubTimeZoneSchema,
  /** Seconds a push service keeps a push for an offline device (the TTL header, RFC 8030). */
  /**
   * Signs the one-click unsubscribe links of the mails (reference §2): 32 bytes, base64. Unset
   * outside production: generated once into DATA_DIR. Required in production.
   */
  UNSUBSCRIBE_LINK_KEY: z.string().optional(),
  PUSH_TTL_SECONDS: z.coerce.number().int().min(0).max(2_419_200).default(DEFAULT_PUSH_TTL_SECONDS),
};

export type ContentConfig = ReturnType<typeof loadContentConfig>;

export function loadContentConfig(env: Record<string, string | undefined> = process.env) {
  const config = parseConfig(contentConfigShape, env);
  const origins = parsePushOrigins(config.PUSH_ALLOWED_ORIGINS);
  if (!!config.VAPID_PUBLIC_KEY !== !!config.VAPID_PRIVATE_KEY) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
  }
  if (config.NODE_ENV === 'production') {
    if (!config.VAPID_PUBLIC_KEY) {
      throw new Error(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when NODE_ENV=production',
      );
    }
    const plain = origins.find((o) => o.protocol !== 'https:');
    if (plain) {
      throw new Error(
        `PUSH_ALLOWED_ORIGINS must list https origins only when NODE_ENV=production (${plain.text})`,
      );
    }
  }
  return { ...config, pushOrigins: origins };
}
