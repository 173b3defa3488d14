/** Queue `notifications`: stores each notification once per recipient (safe to redeliver). */
import { defineConsumer, type Logger } from '@teamapp/service-kit';
import type { NotificationUseCases } from '../domain/notifications';

export const notificationsConsumer = (notifications: NotificationUseCases, log: Logger) =>
  defineConsumer({
    queue: 'notifications',
    handle: async (job, raw) => {
      const stored = await notifications.deliver(String(raw.id), job.audience, {
        title: job.title,
        message: job.message,
        kind: job.kind,
        eventId: job.eventId,
        answerUrls: job.answerUrls,
        eventAt: job.eventAt,
        mails: job.mails,
      });
      log.info({ jobId: raw.id, stored }, 'notifications stored');
    },
  });
