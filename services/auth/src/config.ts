/** The auth service's configuration; the only reader of process.env in this service. */
import { isStrongPassword } from '@teamapp/contracts';
import {
  baseConfigShape,
  clubTimeZoneSchema,
  ConfigError,
  mailSecretConfigShape,
  parseConfig,
} from '@teamapp/service-kit';
import { z } from 'zod';
import { isCommonPassword } from './domain/passwords-common';

export const DEV_ADMIN_EMAIL = 'admin@teamapp.local';
/**
 * The development admin's password when ADMIN_PASSWORD is not set. It is published (README, the
 * start script), so the account is seeded to choose its own password at the first sign-in.
 */
export const DEV_ADMIN_PASSWORD = 'TeamApp!2026';

export const authConfigShape = {
  ...baseConfigShape,
  /** Seals the secrets in the mail auth queues (reset links, temporary passwords). */
  ...mailSecretConfigShape,
  SERVICE_PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  JWT_PRIVATE_KEY: z.string().optional(),
  /** Session and token lifetime in seconds (default 7 days). */
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 3600),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  ADMIN_NAME: z.string().min(1).default('Club Admin'),
  /** Where uploaded files are stored (profile pictures under avatars/); default DATA_DIR/uploads. */
  UPLOADS_DIR: z.string().optional(),
  /**
   * The club's IANA time zone: the list of signed-in devices shows its dates there, and ages
   * count in its days (docs/reference.md "Families").
   */
  CLUB_TIME_ZONE: clubTimeZoneSchema,
};

export type AuthConfig = ReturnType<typeof loadAuthConfig>;

export function loadAuthConfig(env: Record<string, string | undefined> = process.env) {
  const config = parseConfig(authConfigShape, env);
  if (config.NODE_ENV === 'production' && (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD)) {
    throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD are required when NODE_ENV=production');
  }
  // A placeholder (REPLACE_ME) or a guessable password would become the admin's real one.
  if (
    config.NODE_ENV === 'production' &&
    config.ADMIN_PASSWORD &&
    (!isStrongPassword(config.ADMIN_PASSWORD) || isCommonPassword(config.ADMIN_PASSWORD))
  ) {
    throw new ConfigError([
      'ADMIN_PASSWORD: must have at least 8 characters, an uppercase and a lowercase letter, a ' +
        'digit and a special character, and must not be a common password',
    ]);
  }
  return config;
}

/**
 * The admin seeded at start: the configured one, or in development the well-known one, which
 * must choose a password of its own at the first sign-in.
 */
export function seededAdmin(config: AuthConfig) {
  return config.ADMIN_EMAIL && config.ADMIN_PASSWORD
    ? { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, mustChangePassword: false }
    : { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD, mustChangePassword: true };
}
