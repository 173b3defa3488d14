/** Queue `task-reminders`: reminds a task's assignee when the delay before its due date runs out. */
import { defineConsumer, type Logger } from '@teamapp/service-kit';
import type { ReminderUseCases } from '../domain/reminders';

export const taskRemindersConsumer = (reminders: ReminderUseCases, log: Logger) =>
  defineConsumer({
    queue: 'task-reminders',
    handle: async (job, raw) => {
      const sent = await reminders.send(job);
      log.info({ jobId: raw.id, taskId: job.taskId, sent }, 'task reminder handled');
    },
  });
