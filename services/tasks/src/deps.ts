/** What the tasks service's routers are given: the authenticator and the use cases. */
import type { Authenticator, Logger } from '@teamapp/service-kit';
import type { MemberUseCases } from './domain/members';
import type { ReminderScheduler, ReminderUseCases } from './domain/reminders';
import type { TaskUseCases } from './domain/tasks';

export interface TasksDeps {
  log: Logger;
  auth: Authenticator;
  tasks: TaskUseCases;
  members: MemberUseCases;
  reminders: ReminderUseCases;
  reminderScheduler: ReminderScheduler;
}
