/** The mailer's configuration; the only reader of process.env in this service. */
import { baseConfigShape, parseConfig } from '@teamapp/service-kit';
import { z } from 'zod';

export const mailerConfigShape = {
  ...baseConfigShape,
  SERVICE_PORT: z.coerce.number().int().min(0).max(65535).default(4006),
  /** Where mail goes, e.g. smtp://user:pass@mail.example.org:587. Unset in development: the catcher. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('TeamApp <no-reply@teamapp.local>'),
  /** Development only: port of the mail catcher's SMTP side, started when SMTP_URL is unset. */
  DEV_MAIL_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(1025),
};

export type MailerConfig = ReturnType<typeof loadMailerConfig>;

export function loadMailerConfig(env: Record<string, string | undefined> = process.env) {
  const config = parseConfig(mailerConfigShape, env);
  if (config.NODE_ENV === 'production' && !config.SMTP_URL) {
    throw new Error('SMTP_URL is required when NODE_ENV=production');
  }
  return config;
}
