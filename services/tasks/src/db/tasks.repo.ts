/** Data access for club tasks and their order within each column. */
import { TASK_STATUSES, type TaskStatus } from '@teamapp/contracts';
import { type Database, updateById } from '@teamapp/service-kit';
import { and, asc, eq, gte, isNotNull, ne, sql } from 'drizzle-orm';
import { tasks, type NewTaskRow, type TaskRow, type TasksSchema } from './schema';

export type TaskPatch = Partial<
  Pick<
    TaskRow,
    | 'title'
    | 'description'
    | 'category'
    | 'priority'
    | 'status'
    | 'assignee'
    | 'assigneeId'
    | 'dueDate'
    | 'position'
  >
>;

/** The board's column order, so one query returns the board as it is shown. */
const columnOrder = sql`array_position(array[${sql.join(
  TASK_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)}]::text[], ${tasks.status})`;

export function createTasksRepo(db: Database<TasksSchema>) {
  return {
    async list(): Promise<TaskRow[]> {
      return db
        .select()
        .from(tasks)
        .orderBy(columnOrder, asc(tasks.position), asc(tasks.createdAt), asc(tasks.id));
    },
    async find(id: string): Promise<TaskRow | undefined> {
      const [row] = await db.select().from(tasks).where(eq(tasks.id, id)).limit(1);
      return row;
    },
    /**
     * Serialises the writers of the board until the transaction ends, so two moves cannot
     * renumber the same column at once (readers are not blocked).
     */
    async lockBoard(): Promise<void> {
      await db.execute(sql`lock table ${tasks} in share row exclusive mode`);
    },
    /** The ids of one column's cards in order. */
    async column(status: TaskStatus): Promise<string[]> {
      const rows = await db
        .select({ id: tasks.id })
        .from(tasks)
        .where(eq(tasks.status, status))
        .orderBy(asc(tasks.position), asc(tasks.createdAt), asc(tasks.id));
      return rows.map((r) => r.id);
    },
    /** Numbers a column's cards 0, 1, 2 ... in the given order (only rows that change). */
    async renumber(ids: string[]): Promise<void> {
      for (const [position, id] of ids.entries()) {
        await db
          .update(tasks)
          .set({ position })
          .where(and(eq(tasks.id, id), ne(tasks.position, position)));
      }
    },
    async insert(values: NewTaskRow): Promise<TaskRow> {
      const [row] = await db.insert(tasks).values(values).returning();
      return row!;
    },
    async update(id: string, patch: TaskPatch): Promise<TaskRow> {
      return (await updateById(db, tasks, id, patch))!;
    },
    async remove(id: string): Promise<TaskRow | undefined> {
      const [row] = await db.delete(tasks).where(eq(tasks.id, id)).returning();
      return row;
    },
    /** Open tasks assigned to a member and due on or after a date (reminders to schedule). */
    async remindable(fromDate: string): Promise<TaskRow[]> {
      return db
        .select()
        .from(tasks)
        .where(
          and(
            ne(tasks.status, 'completed'),
            isNotNull(tasks.assigneeId),
            gte(tasks.dueDate, fromDate),
          ),
        );
    },
  };
}

export type TasksRepo = ReturnType<typeof createTasksRepo>;
