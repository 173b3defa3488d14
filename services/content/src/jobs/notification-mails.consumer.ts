/**
 * Queue `notification-mails`: decides each mail a notification brings a member when it is due
 * (domain/notification-mails.ts). During the member's quiet hours one that is not urgent waits,
 * delayed in the queue until they end (reference §2), and is decided again then.
 */
import { DelayedError, defineConsumer, type Logger } from '@teamapp/service-kit';
import type { NotificationMails } from '../domain/notification-mails';

export const notificationMailsConsumer = (mails: NotificationMails, log: Logger) =>
  defineConsumer({
    queue: 'notification-mails',
    handle: async (job, raw) => {
      const decided = await mails.decide(job, String(raw.id));
      if (decided.outcome === 'held') {
        await raw.moveToDelayed(decided.until.getTime(), raw.token);
        log.info(
          { jobId: raw.id, kind: job.kind, until: decided.until.toISOString() },
          'mail held for quiet hours',
        );
        throw new DelayedError();
      }
      log.info({ jobId: raw.id, kind: job.kind, outcome: decided.outcome }, 'notification mail');
    },
  });
