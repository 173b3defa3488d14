/**
 * The club-development board's payloads (reference §3, §4, §5, §7): club tasks in four
 * columns, ordered by position within a column, assigned by name or to a member of the club.
 * Due dates are calendar dates (YYYY-MM-DD) in the club's time zone.
 */
import { z } from 'zod';
import { hasAnyField, limitedText, requiredText, textFields, uuidParamSchema } from './common';
import { endpoint } from './endpoint';
import { isoDate } from './events';

/** The board's columns, in order (reference §3). */
export const TASK_STATUSES = ['backlog', 'in-progress', 'review', 'completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const TASK_CATEGORIES = [
  'roster',
  'finances',
  'operations',
  'equipment',
  'marketing',
] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];

// Reference §5 and §9.
export const DEFAULT_TASK_PRIORITY: TaskPriority = 'medium';
export const DEFAULT_TASK_CATEGORY: TaskCategory = 'operations';
export const DEFAULT_TASK_STATUS: TaskStatus = 'backlog';
export const TASK_DEFAULT_DUE_DAYS = 7;
export const UNASSIGNED = 'Unassigned';
/** The club's hour on the day before the due date when the assignee is reminded. */
export const TASK_REMINDER_HOUR = 9;

// Reference §5 and §6, exactly.
export const TASKS_MANAGE_FORBIDDEN = 'Only administrators can manage tasks';
export const TASKS_UPDATE_FORBIDDEN = 'Only administrators can update tasks';
export const TASKS_DELETE_FORBIDDEN = 'Only administrators can delete tasks';

export const TASK_CREATED = 'Task created successfully';
export const TASK_UPDATED = 'Task updated successfully';
export const TASK_STATUS_UPDATED = 'Task status updated successfully';
export const TASK_DELETED = 'Task deleted successfully';
export const TASK_NOT_FOUND = 'Task not found';
export const ASSIGNEE_NOT_MEMBER = 'assigneeId must be a member of the club';

const STATUS_MESSAGE = `status must be one of ${TASK_STATUSES.join(', ')}`;
const PRIORITY_MESSAGE = `priority must be one of ${TASK_PRIORITIES.join(', ')}`;
const CATEGORY_MESSAGE = `category must be one of ${TASK_CATEGORIES.join(', ')}`;

export const taskStatusSchema = z.enum(TASK_STATUSES, { error: STATUS_MESSAGE });
const prioritySchema = z.enum(TASK_PRIORITIES, { error: PRIORITY_MESSAGE });
const categorySchema = z.enum(TASK_CATEGORIES, { error: CATEGORY_MESSAGE });

const description = limitedText('description', 5000);

/** A blank assignee becomes "Unassigned" (reference §5). */
const assignee = limitedText('assignee', 200)
  .nullable()
  .transform((v) => v || UNASSIGNED);

/** A member of the club, or null for none. */
const assigneeId = z.uuid({ error: 'assigneeId must be a valid identifier' }).nullable();

/** A date, or null / "" for none ("No date" on the board). */
const dueDate = z
  .union([z.literal(''), z.null(), isoDate('dueDate')], {
    error: 'dueDate must be a date in the form YYYY-MM-DD',
  })
  .transform((v) => v || null);

const position = z
  .number({ error: 'position must be a whole number from 0' })
  .int({ error: 'position must be a whole number from 0' })
  .min(0, { error: 'position must be a whole number from 0' })
  .max(100_000, { error: 'position must be a whole number from 0' });

/**
 * POST /club-tasks. Absent fields take the reference's defaults: priority medium, category operations,
 * status backlog, due one week from today (in the club's time zone).
 */
export const taskInputSchema = z.object({
  title: requiredText('title', 200),
  description: description.nullish().transform((v) => v ?? ''),
  priority: prioritySchema.default(DEFAULT_TASK_PRIORITY),
  category: categorySchema.default(DEFAULT_TASK_CATEGORY),
  status: taskStatusSchema.default(DEFAULT_TASK_STATUS),
  assignee: assignee.optional().transform((v) => v ?? UNASSIGNED),
  assigneeId: assigneeId.optional(),
  dueDate: dueDate.optional(),
});
export type TaskInput = z.input<typeof taskInputSchema>;
export type TaskFields = z.output<typeof taskInputSchema>;

/**
 * PUT /club-tasks/{id}: an edit (the create fields minus status), a status change (only
 * status), or a move (status and/or position: the card's place in its column, from 0). Only the
 * fields sent change.
 */
export const taskUpdateSchema = z
  .object({
    title: requiredText('title', 200).optional(),
    description: description.nullable().optional(),
    priority: prioritySchema.optional(),
    category: categorySchema.optional(),
    assignee: assignee.optional(),
    assigneeId: assigneeId.optional(),
    dueDate: dueDate.optional(),
    status: taskStatusSchema.optional(),
    position: position.optional(),
  })
  .refine(hasAnyField, {
    error: 'Send at least one field to change',
  });
export type TaskUpdate = z.input<typeof taskUpdateSchema>;
export type TaskChanges = z.output<typeof taskUpdateSchema>;

export const clubTaskSchema = z.object({
  ...textFields('id', 'title', 'description'),
  priority: z.enum(TASK_PRIORITIES),
  category: z.enum(TASK_CATEGORIES),
  status: z.enum(TASK_STATUSES),
  /** The assignee's name, or "Unassigned". */
  assignee: z.string(),
  /** The member the task is assigned to, when picked from the roster. */
  assignee_id: z.string().nullable(),
  /** YYYY-MM-DD, or null for no date. */
  due_date: z.string().nullable(),
  /** Order within its column, from 0. */
  position: z.number(),
  /** Not completed and its due date has passed (in the club's time zone). */
  overdue: z.boolean(),
  created_by: z.string().nullable(),
  ...textFields('created_at', 'updated_at'),
});
export type ClubTask = z.infer<typeof clubTaskSchema>;

/** GET /club-tasks: every task, column by column, each column in position order. */
export const clubTasksResponseSchema = z.object({
  success: z.literal(true),
  tasks: z.array(clubTaskSchema),
});
export type ClubTasksResponse = z.infer<typeof clubTasksResponseSchema>;

/** POST/PUT/DELETE /club-tasks answers: the reference's success and message, plus the task written. */
export const clubTaskWriteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: clubTaskSchema.optional(),
});
export type ClubTaskWriteResponse = z.infer<typeof clubTaskWriteResponseSchema>;

/** The board's endpoints (reference §7 club-tasks; who may call each is the route's, §6). */
export const clubTasksEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/club-tasks',
    answer: clubTasksResponseSchema,
    summary: 'Every club task, column by column',
  }),
  create: endpoint({
    method: 'POST',
    path: '/club-tasks',
    body: taskInputSchema,
    answer: clubTaskWriteResponseSchema,
    status: 201,
    summary: 'Add a task to a column',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/club-tasks/:id',
    params: uuidParamSchema,
    body: taskUpdateSchema,
    answer: clubTaskWriteResponseSchema,
    summary: 'Edit a task, change its status or move it',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/club-tasks/:id',
    params: uuidParamSchema,
    answer: clubTaskWriteResponseSchema,
    summary: 'Delete a task',
  }),
};

/** A delayed reminder the day before a task's due date; stale once the task changed. */
export const taskReminderJobSchema = z.object({
  taskId: z.uuid(),
  assigneeId: z.uuid(),
  dueDate: isoDate('dueDate'),
});
export type TaskReminderJob = z.infer<typeof taskReminderJobSchema>;
