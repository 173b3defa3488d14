/** Queue `push`: sends one push to one device (reference §7); a slow push service blocks nothing else. */
import { defineConsumer, type Logger } from '@teamapp/service-kit';
import type { PushUseCases } from '../domain/push';

export const pushConsumer = (push: PushUseCases, log: Logger) =>
  defineConsumer({
    queue: 'push',
    concurrency: 4,
    handle: async (job, raw) => {
      const outcome = await push.send(job);
      log.info({ jobId: raw.id, subscriptionId: job.subscriptionId, outcome }, 'push handled');
    },
  });
