/** The auth service's configuration; the only reader of process.env in this service. */
import { baseConfigShape, mailSecretConfigShape, parseConfig } from '@teamapp/service-kit';
import { z } from 'zod';

export const DEV_ADMIN_EMAIL = 'admin@teamapp.local';
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
};

export type AuthConfig = ReturnType<typeof loadAuthConfig>;

export function loadAuthConfig(env: Record<string, string | undefined> = process.env) {
  const config = parseConfig(authConfigShape, env);
  if (config.NODE_ENV === 'production' && (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD)) {
    throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD are required when NODE_ENV=production');
  }
  return config;
}
