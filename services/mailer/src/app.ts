/**
 * The mailer: consumes the `mail` queue, renders each message and sends it over SMTP. In
 * development without SMTP_URL it sends to its own mail catcher, readable at /dev/mail.
 */
import {
  createLogger,
  createRedis,
  createServiceApp,
  retryPolicyFrom,
  startWorker,
  type Logger,
  type WorkerHandle,
} from '@teamapp/service-kit';
import type { Router } from '@koa/router';
import type Koa from 'koa';
import nodemailer from 'nodemailer';
import { appTitleSource } from './app-title';
import { startMailCatcher, type MailCatcher } from './catcher';
import type { MailerConfig } from './config';
import { renderMail } from './templates';

/** How long a sent job's marker is kept, so a retried job is not sent twice. */
const SENT_MARKER_TTL_S = 7 * 24 * 3600;

export interface MailerDeps {
  config: MailerConfig;
  log: Logger;
  catcher?: MailCatcher;
}

export interface MailerService {
  app: Koa;
  deps: MailerDeps;
  worker: WorkerHandle;
  close: () => Promise<void>;
}

export async function createMailerService(config: MailerConfig): Promise<MailerService> {
  const log = createLogger('mailer', config.LOG_LEVEL);
  const catcher = config.SMTP_URL ? undefined : await startMailCatcher(config.DEV_MAIL_SMTP_PORT);
  const smtpUrl = config.SMTP_URL ?? `smtp://127.0.0.1:${catcher!.port}`;
  if (catcher)
    log.info({ smtpPort: catcher.port }, 'no SMTP_URL: mail goes to the catcher at /dev/mail');
  const transport = nodemailer.createTransport(smtpUrl);
  transport.verify().catch((err: unknown) => {
    log.warn({ err: String(err) }, 'SMTP server not answering yet; mail will wait and retry');
  });
  const redis = createRedis(config.REDIS_URL);
  const appTitle = appTitleSource(config.CONTENT_URL, log);
  const sentKey = (jobId: string) => `${config.REDIS_PREFIX}mail-sent:${jobId}`;

  const worker = startWorker({
    queue: 'mail',
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    log,
    retry: retryPolicyFrom(config),
    handler: async (mail, job) => {
      const jobId = String(job.id);
      // Idempotent: a job that was sent but whose completion was lost is not sent again.
      if (await redis.exists(sentKey(jobId))) return;
      const title = await appTitle();
      const rendered = renderMail(mail, title);
      const domain = /@([^>\s]+)/.exec(config.MAIL_FROM)?.[1] ?? 'teamapp.local';
      await transport.sendMail({
        from: config.MAIL_FROM.replace(/^TeamApp\b/, title),
        to: mail.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId: `<${jobId}@${domain}>`,
      });
      await redis.set(sentKey(jobId), '1', 'EX', SENT_MARKER_TTL_S);
      log.info({ jobId, template: mail.template }, 'mail sent');
    },
  });

  const routers: Router[] = catcher ? [catcher.router] : [];
  const app = createServiceApp({
    logger: log,
    routers,
    // SMTP is not part of readiness: while it is down, jobs wait and retry in the queue.
    readiness: [{ name: 'redis', check: () => redis.ping() }],
  });
  return {
    app,
    worker,
    deps: { config, log, catcher },
    close: async () => {
      await worker.close();
      transport.close();
      redis.disconnect();
      await catcher?.close();
    },
  };
}
