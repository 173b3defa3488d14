/** The tasks service's repositories, over the database or one open transaction. */
import type { Database, InTransaction, Store } from '@teamapp/service-kit';
import { createMembersRepo } from './members.repo';
import { createRemindersRepo } from './reminders.repo';
import { createTasksRepo } from './tasks.repo';
import type { TasksSchema } from './schema';

export const tasksRepos = (db: Database<TasksSchema>) => ({
  tasks: createTasksRepo(db),
  members: createMembersRepo(db),
  reminders: createRemindersRepo(db),
});

export type TasksRepos = ReturnType<typeof tasksRepos>;
export type TasksTransaction = InTransaction<TasksRepos>;
/** The repositories inside one transaction, with its outbox. */
export type TasksStore = Store<TasksRepos>;
