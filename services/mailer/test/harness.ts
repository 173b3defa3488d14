/**
 * Test harness: the real mailer consuming the real `mail` and `branding` queues, sending to a
 * real SMTP receiver. The club's title reaches it as content publishes it: a `branding` job.
 * Mail secrets are sealed and opened with the key of the throwaway data folder ('memory://'),
 * one per process, so an auth harness in the same test file seals with the same key.
 */
import {
  createTestDatabase,
  eventually,
  startServiceHarness,
  type ServiceHarness,
} from '@teamapp/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { createMailerService, type MailerService } from '../src/app';
import { loadMailerConfig } from '../src/config';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver';

export const POISON_ADDRESS = 'poison@club.test';

export interface MailerHarness extends ServiceHarness<MailerService> {
  receiver: SmtpReceiver;
  /** Publishes a branding change as content does, and waits until the mailer has it. */
  publishTitle: (appTitle: string) => Promise<void>;
}

export async function startMailer(
  options: {
    appTitle?: string;
    redisUrl?: string;
    prefix?: string;
    smtpUrl?: string;
    attempts?: number;
    /** Write the mailer's log lines (level info) to this file. */
    logFile?: string;
    /** The key that opens mail secrets; by default this process's throwaway one (as auth's). */
    mailSecretKey?: string;
  } = {},
): Promise<MailerHarness> {
  const receiver = await startSmtpReceiver({ refuse: [POISON_ADDRESS] });
  const attempts = options.attempts ?? 3;
  const h = await startServiceHarness({
    loadConfig: loadMailerConfig,
    create: createMailerService,
    // No database: a throwaway data folder ('memory://'), whose mail secret key is this
    // process's own, as the auth harness's.
    database: await createTestDatabase(''),
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    env: {
      LOG_LEVEL: options.logFile ? 'info' : 'silent',
      LOG_FILE: options.logFile,
      SMTP_URL: options.smtpUrl ?? receiver.url,
      MAIL_SECRET_KEY: options.mailSecretKey,
      JOB_ATTEMPTS: String(attempts),
      JOB_BACKOFF_MS: '50',
      JOB_BACKOFF_MAX_MS: '400',
    },
    retry: { attempts, baseDelayMs: 50, maxDelayMs: 400 },
  }).catch(async (err: unknown) => {
    // A mailer that refuses to start (a bad setting under test) leaves no receiver listening.
    await receiver.close();
    throw err;
  });
  h.defer(() => receiver.close());
  const publishTitle = async (appTitle: string) => {
    await h.queues.add('branding', { appTitle, updatedAt: new Date().toISOString() }, randomUUID());
    await eventually(async () => (await h.service.deps.branding.appTitle()) === appTitle);
  };
  const harness = { ...h, receiver, publishTitle };
  if (options.appTitle) await publishTitle(options.appTitle);
  return harness;
}

export { eventually } from '@teamapp/service-kit/testing';
