/** The tasks service's tables, in its own `tasks` schema. */
import {
  createdAtColumn,
  idColumn,
  membersTable,
  outboxTable,
  updatedAtColumn,
  memberIdColumn,
  ownerColumn,
} from '@teamapp/service-kit';
import type { TaskCategory, TaskPriority, TaskStatus } from '@teamapp/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgSchema, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

export const tasksSchema = pgSchema('tasks');

/**
 * The members, kept from the auth service's member events (queue `tasks-members`). A member who
 * left stays as an inactive row, so an older event handled late cannot bring them back: a row
 * changes only for an event at least as new as its changed_at.
 */
export const members = membersTable(tasksSchema);

/**
 * The club's tasks. `position` orders the cards of one column (status) from 0; moves renumber
 * the columns they touch. `assignee` is the name shown; `assignee_id` links a member when the
 * task was assigned from the roster.
 */
export const tasks = tasksSchema.table(
  'tasks',
  {
    id: idColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().$type<TaskCategory>(),
    priority: text('priority').notNull().$type<TaskPriority>(),
    status: text('status').notNull().$type<TaskStatus>(),
    assignee: text('assignee').notNull(),
    assigneeId: uuid('assignee_id').references(() => members.userId, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    position: integer('position').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('tasks_column_idx').on(t.status, t.position),
    index('tasks_assignee_idx').on(t.assigneeId),
    check(
      'tasks_status_check',
      sql`${t.status} in ('backlog', 'in-progress', 'review', 'completed')`,
    ),
    check('tasks_priority_check', sql`${t.priority} in ('low', 'medium', 'high')`),
    check(
      'tasks_category_check',
      sql`${t.category} in ('roster', 'finances', 'operations', 'equipment', 'marketing')`,
    ),
    check('tasks_position_check', sql`${t.position} >= 0`),
  ],
);

/** One row per reminder sent, so a reminder job that runs twice reminds nobody twice. */
export const remindersSent = tasksSchema.table(
  'reminders_sent',
  {
    taskId: ownerColumn('task_id', () => tasks.id),
    userId: memberIdColumn(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    sentAt: createdAtColumn('sent_at'),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId, t.dueDate] })],
);

/** Jobs this service publishes (notifications), relayed to their queues by service-kit. */
export const outbox = outboxTable(tasksSchema);

export const schema = { members, tasks, remindersSent, outbox };
export type TasksSchema = typeof schema;
export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;
export type MemberRow = typeof members.$inferSelect;
