/**
 * The mailer: consumes the `mail` queue, renders each message with the club's current app title
 * (learnt from the `branding` queue) and sends it over SMTP. It has no routes of its own; the
 * development mail catcher (dev/mail-catcher.ts) hands it one when server.ts starts it.
 */
import type { Router } from '@koa/router';
import { buildBase, mailSecretsFrom, type ServiceBase } from '@teamapp/service-kit';
import type Koa from 'koa';
import nodemailer from 'nodemailer';
import { createBrandingStore } from './branding';
import type { MailerConfig } from './config';
import type { MailerDeps } from './deps';
import { brandingConsumer } from './jobs/branding.consumer';
import { mailConsumer } from './jobs/mail.consumer';
import { renderMail } from './templates';

/** How long a sent job's marker is kept, so a retried job is not sent twice. */
const SENT_MARKER_TTL_S = 7 * 24 * 3600;

export interface MailerService {
  app: Koa;
  deps: MailerDeps;
  base: ServiceBase;
  close: () => Promise<void>;
}

export async function createMailerService(
  config: MailerConfig,
  options: {
    /** Where to send; defaults to SMTP_URL. */
    smtpUrl?: string;
    /** Extra routes (the development mail catcher's pages). */
    routers?: Router[];
  } = {},
): Promise<MailerService> {
  const smtpUrl = options.smtpUrl ?? config.SMTP_URL;
  if (!smtpUrl) throw new Error('SMTP_URL is not set');
  const base = buildBase({ name: 'mailer', config });
  const { log, redis } = base;
  const transport = nodemailer.createTransport(smtpUrl);
  transport.verify().catch((err: unknown) => {
    log.warn({ err: String(err) }, 'SMTP server not answering yet; mail will wait and retry');
  });
  const branding = createBrandingStore(redis, config.REDIS_PREFIX);
  const sentKey = (jobId: string) => `${config.REDIS_PREFIX}mail-sent:${jobId}`;
  const domain = /@([^>\s]+)/.exec(config.MAIL_FROM)?.[1] ?? 'teamapp.local';
  const mailSecrets = mailSecretsFrom(config);

  const deps: MailerDeps = {
    log,
    branding,
    mailSecrets,
    async send(queued, jobId) {
      // Idempotent: a job that was sent but whose completion was lost is not sent again.
      if (await redis.exists(sentKey(jobId))) return 'already-sent';
      const mail = mailSecrets.open(queued);
      const title = await branding.appTitle();
      const rendered = renderMail(mail, title);
      await transport.sendMail({
        from: config.MAIL_FROM.replace(/^TeamApp\b/, title),
        to: mail.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId: `<${jobId}@${domain}>`,
        // One-click unsubscribe (RFC 8058; reference §2): every mail that is not transactional.
        ...('unsubscribeUrl' in mail &&
          mail.unsubscribeUrl && {
            list: { unsubscribe: mail.unsubscribeUrl },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }),
      });
      await redis.set(sentKey(jobId), '1', 'EX', SENT_MARKER_TTL_S);
      return 'sent';
    },
  };
  base.consume([mailConsumer(deps), brandingConsumer(deps)]);

  // SMTP is not part of readiness: while it is down, jobs wait and retry in the queue.
  const app = base.createApp({
    routers: options.routers ?? [],
  });
  return {
    app,
    deps,
    base,
    close: async () => {
      await base.close();
      transport.close();
    },
  };
}
