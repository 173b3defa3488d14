/** Test harness: the real mailer consuming the real `mail` queue, sending to a real SMTP receiver. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createQueues, type Queues } from '@teamapp/service-kit';
import { testRedisPrefix } from '@teamapp/service-kit/testing';
import { createMailerService, type MailerService } from '../src/app';
import { loadMailerConfig } from '../src/config';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver';

export const POISON_ADDRESS = 'poison@club.test';

export interface MailerHarness {
  service: MailerService;
  receiver: SmtpReceiver;
  queues: Queues;
  close: () => Promise<void>;
}

/** A stand-in content service answering GET /api/settings with the club's title. */
async function startSettingsServer(appTitle: string) {
  const server = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(
      JSON.stringify({
        success: true,
        data: {
          appTitle,
          headerColor: '#2563eb',
          logoBackground: 'transparent',
          updatedAt: new Date().toISOString(),
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
}

export async function startMailer(
  options: {
    appTitle?: string;
    redisUrl?: string;
    prefix?: string;
    smtpUrl?: string;
    attempts?: number;
  } = {},
): Promise<MailerHarness> {
  const receiver = await startSmtpReceiver({ refuse: [POISON_ADDRESS] });
  const attempts = options.attempts ?? 3;
  const settings = await startSettingsServer(options.appTitle ?? 'Riverside FC');
  const prefix = options.prefix ?? testRedisPrefix();
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const config = loadMailerConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVICE_PORT: '0',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    SMTP_URL: options.smtpUrl ?? receiver.url,
    CONTENT_URL: settings.url,
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
  return {
    service,
    receiver,
    queues,
    close: async () => {
      await queues.close();
      await service.close();
      await receiver.close();
      settings.close();
    },
  };
}

export { eventually } from '@teamapp/service-kit/testing';
