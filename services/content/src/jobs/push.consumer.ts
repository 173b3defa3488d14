/**
 * Queue `push`: sends one push to one device (reference §7); a slow push service blocks nothing
 * else. During the member's quiet hours a push that is not urgent waits, delayed in the queue
 * until they end (reference §2), and is looked at again then.
 */
import { DelayedError, defineConsumer, type Logger } from '@teamapp/service-kit';
import type { PushUseCases } from '../domain/push';
import type { PushHold } from '../domain/quiet-hours';

export const pushConsumer = (push: PushUseCases, heldUntil: PushHold, log: Logger) =>
  defineConsumer({
    queue: 'push',
    concurrency: 4,
    handle: async (job, raw) => {
      const until = await heldUntil(job);
      if (until) {
        await raw.moveToDelayed(until.getTime(), raw.token);
        log.info(
          { jobId: raw.id, subscriptionId: job.subscriptionId, until: until.toISOString() },
          'push held for quiet hours',
        );
        throw new DelayedError();
      }
      const outcome = await push.send(job);
      log.info({ jobId: raw.id, subscriptionId: job.subscriptionId, outcome }, 'push handled');
    },
  });
