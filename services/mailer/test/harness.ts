/**
 * Test harness: the real mailer consuming the real `mail` and `branding` queues, sending to a
 * real SMTP receiver. The club's title reaches it as content publishes it: a `branding` job.
 * Mail secrets are sealed and opened with the key of the throwaway data folder ('memory://'),
 * one per process, so an auth harness in the same test file seals with the same key.
 */
import { createQueues, type Queues } from '@teamapp/service-kit';
import { eventually, testRedisPrefix, testRedisUrl } from '@teamapp/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { createMailerService, type MailerService } from '../src/app';
import { loadMailerConfig } from '../src/config';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver';

export const POISON_ADDRESS = 'poison@club.test';

export interface MailerHarness {
  service: MailerService;
  receiver: SmtpReceiver;
  queues: Queues;
  /** Publishes a branding change as content does, and waits until the mailer has it. */
  publishTitle: (appTitle: string) => Promise<void>;
  close: () => Promise<void>;
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
  try {
    return await startWith(receiver, options);
  } catch (err) {
    // A mailer that refuses to start (a bad setting under test) leaves no receiver listening.
    await receiver.close();
    throw err;
  }
}

async function startWith(
  receiver: SmtpReceiver,
  options: Parameters<typeof startMailer>[0] & object,
): Promise<MailerHarness> {
  const attempts = options.attempts ?? 3;
  const prefix = options.prefix ?? testRedisPrefix();
  const redisUrl = options.redisUrl ?? testRedisUrl();
  const config = loadMailerConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: options.logFile ? 'info' : 'silent',
    LOG_FILE: options.logFile,
    SERVICE_PORT: '0',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    SMTP_URL: options.smtpUrl ?? receiver.url,
    // A throwaway data folder: its mail secret key is this process's own, as the auth harness's.
    DATA_DIR: 'memory://',
    MAIL_SECRET_KEY: options.mailSecretKey,
    JOB_ATTEMPTS: String(attempts),
    JOB_BACKOFF_MS: '50',
    JOB_BACKOFF_MAX_MS: '400',
  });
  const service = await createMailerService(config);
  const queues = createQueues({
    redisUrl,
    prefix,
    retry: { attempts, baseDelayMs: 50, maxDelayMs: 400 },
  });
  const publishTitle = async (appTitle: string) => {
    await queues.add('branding', { appTitle, updatedAt: new Date().toISOString() }, randomUUID());
    await eventually(async () => (await service.deps.branding.appTitle()) === appTitle);
  };
  if (options.appTitle) await publishTitle(options.appTitle);
  return {
    service,
    receiver,
    queues,
    publishTitle,
    close: async () => {
      await queues.close();
      await service.close();
      await receiver.close();
    },
  };
}

export { eventually } from '@teamapp/service-kit/testing';
