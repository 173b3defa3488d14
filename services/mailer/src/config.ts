/** The mailer's configuration; the only reader of process.env in this service. */
import { baseConfigShape, mailSecretConfigShape, parseConfig } from '@teamapp/service-kit';
import { z } from 'zod';

export const mailerConfigShape = {
  ...baseConfigShape,
  /** Opens the secrets (reset links, temporary passwords) sealed in the mail jobs auth queues. */
  ...mailSecretConfigShape,
  SERVICE_PORT: z.coerce.number().int().min(0).max(65535).default(4006),
  /**
   * Where mail goes, e.g. smtp://user:pass@mail.example.org:587. Unset in development: the
   * catcher. Required in production, where a development catcher's address is refused.
   */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('TeamApp <no-reply@teamapp.local>'),
  /** Development only: port of the mail catcher's SMTP side, started when SMTP_URL is unset. */
  DEV_MAIL_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(1025),
};

export type MailerConfig = ReturnType<typeof loadMailerConfig>;

/** Host names of development mail catchers (docker-compose's `mailcatcher` runs Mailpit). */
const CATCHER_HOSTS = new Set(['mailcatcher', 'mailpit', 'mailhog', 'maildev', 'smtp4dev']);
/** The port development mail catchers take SMTP on by default. */
export const CATCHER_SMTP_PORT = 1025;

const onThisMachine = (host: string) =>
  host === 'localhost' ||
  host.endsWith('.localhost') ||
  host === '[::1]' ||
  host === '0.0.0.0' ||
  /^127\./.test(host);

/**
 * Why an SMTP URL names a development mail catcher rather than a mail server, or undefined: a
 * catcher's host name (mailcatcher, mailpit, mailhog, maildev, smtp4dev), or this machine on the
 * catcher's port (1025, or DEV_MAIL_SMTP_PORT). Mail sent there is readable by whoever reaches
 * the catcher's inbox: reset links and temporary passwords included.
 */
export function catcherIn(smtpUrl: string, devCatcherPort: number): string | undefined {
  const url = new URL(smtpUrl);
  const host = url.hostname.toLowerCase();
  const port = Number(url.port || (url.protocol === 'smtps:' ? 465 : 587));
  if (CATCHER_HOSTS.has(host.split('.')[0]!)) return `host ${host} is a development mail catcher`;
  if (onThisMachine(host) && (port === CATCHER_SMTP_PORT || port === devCatcherPort)) {
    return `port ${port} on this machine is the development mail catcher's`;
  }
  return undefined;
}

export function loadMailerConfig(env: Record<string, string | undefined> = process.env) {
  const config = parseConfig(mailerConfigShape, env);
  if (config.NODE_ENV === 'production') {
    if (!config.SMTP_URL) throw new Error('SMTP_URL is required when NODE_ENV=production');
    const catcher = catcherIn(config.SMTP_URL, config.DEV_MAIL_SMTP_PORT);
    if (catcher) {
      throw new Error(
        `SMTP_URL must name the club's real mail server when NODE_ENV=production (${catcher})`,
      );
    }
  }
  return config;
}
