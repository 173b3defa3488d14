/** Data access for sent reminders: claiming a reminder is what makes it go out once. */
import { type Database, insertIfNew } from '@teamapp/service-kit';
import { remindersSent, type TasksSchema } from './schema';

export function createRemindersRepo(db: Database<TasksSchema>) {
  return {
    /** Claims the reminder of this task, member and due date; false when it was sent already. */
    async claim(taskId: string, userId: string, dueDate: string): Promise<boolean> {
      return insertIfNew(db, remindersSent, { taskId, userId, dueDate });
    },
  };
}

export type RemindersRepo = ReturnType<typeof createRemindersRepo>;
