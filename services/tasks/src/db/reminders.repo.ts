/** Data access for sent reminders: claiming a reminder is what makes it go out once. */
import type { Database } from '@teamapp/service-kit';
import { remindersSent, type TasksSchema } from './schema';

export function createRemindersRepo(db: Database<TasksSchema>) {
  return {
    /** Claims the reminder of this task, member and due date; false when it was sent already. */
    async claim(taskId: string, userId: string, dueDate: string): Promise<boolean> {
      const rows = await db
        .insert(remindersSent)
        .values({ taskId, userId, dueDate })
        .onConflictDoNothing()
        .returning({ taskId: remindersSent.taskId });
      return rows.length > 0;
    },
  };
}

export type RemindersRepo = ReturnType<typeof createRemindersRepo>;
