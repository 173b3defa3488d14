/**
 * Queue `push`: sends one push to one device (reference §7); a slow push service blocks nothing
 * else. During the member's quiet hours a push that is not urgent waits, delayed in the queue
 * until they end (reference §2), and is looked at again then.
 */
import { DelayedError, defineConsumer, type Logger } from '@teamapp/service-kit';
import type { PushUseCases } from '../domain/push';
import type { PushHold } from '../domain/quiet-hours';

/**
 * Pushes in flight at once per copy: each waits mostly on the push service (up to its 10 s
 * timeout), so a change reaching a whole club goes out in a few rounds, not two hundred.
 */
export const PUSH_CONCURRENCY = 32;

export const pushConsumer = (push: PushUseCases, heldUntil: PushHold, log: Logger) =>
  defineConsumer({
    queue: 'push',
    concurrency: PUSH_CONCURRENCY,
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
