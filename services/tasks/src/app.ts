/**
 * The tasks service (the club-development board, its members and due-date reminders): builds its
 * dependencies, starts its queue consumers and returns the Koa app without listening.
 */
import {
  buildServiceFoundation,
  clockOf,
  type ClockOptions,
  type ServiceHandle,
} from '@teamapp/service-kit';
import type { TasksConfig } from './config';
import type { TasksDeps } from './deps';
import { tasksRepos } from './db/repos';
import { outbox, schema, type TasksSchema } from './db/schema';
import { clubCalendar } from './domain/club-time';
import { createMemberUseCases } from './domain/members';
import { createReminderScheduler, createReminderUseCases } from './domain/reminders';
import { createTaskUseCases } from './domain/tasks';
import { taskRemindersConsumer } from './jobs/task-reminders.consumer';
import { tasksMembersConsumer } from './jobs/tasks-members.consumer';
import { clubTasksRouter } from './routes/club-tasks/club-tasks.router';

export type TasksService = ServiceHandle<TasksDeps, TasksSchema>;

export async function createTasksService(
  config: TasksConfig,
  options: ClockOptions = {},
): Promise<TasksService> {
  const now = clockOf(options);
  const base = await buildServiceFoundation(__dirname, { name: 'tasks', config, schema, outbox });
  const { log, db } = base;
  const repos = tasksRepos(db);
  const inTransaction = base.unitOfWork(tasksRepos);
  const calendar = clubCalendar(config.CLUB_TIME_ZONE);
  const reminderScheduler = createReminderScheduler({
    queue: base.queues.queue('task-reminders'),
    repos,
    calendar,
    now,
    log,
  });
  const deps: TasksDeps = {
    log,
    auth: base.auth,
    tasks: createTaskUseCases({
      repos,
      inTransaction,
      calendar,
      reminders: reminderScheduler,
      now,
    }),
    members: createMemberUseCases(repos.members),
    reminders: createReminderUseCases({ inTransaction, calendar, now }),
    reminderScheduler,
  };
  base.consume([tasksMembersConsumer(deps.members), taskRemindersConsumer(deps.reminders, log)]);
  const scheduled = await reminderScheduler.reconcile();
  log.info({ open: scheduled, timeZone: calendar.zone }, 'task reminders scheduled');
  const app = base.createApp({
    routers: [clubTasksRouter(deps)],
    errorAlsoMessage: true,
  });
  return { app, deps, base, close: base.close };
}
