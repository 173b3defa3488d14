/** Queue `event-reminders`: sends one reminder step of one event when its delay runs out. */
import { defineConsumer, type Logger } from '@teamapp/service-kit';
import type { ReminderUseCases } from '../domain/reminders';

export const eventRemindersConsumer = (reminders: ReminderUseCases, log: Logger) =>
  defineConsumer({
    queue: 'event-reminders',
    handle: async (job, raw) => {
      const reminded = await reminders.send(job);
      log.info({ jobId: raw.id, eventId: job.eventId, step: job.step, reminded }, 'reminder sent');
    },
  });
