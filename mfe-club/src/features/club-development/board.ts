/**
 * The board's pure parts: column and label names (reference §2, §3), the cards of each column in
 * order, where a card lands when it is moved, and the dates the cards and the form show.
 */
import {
  TASK_DEFAULT_DUE_DAYS,
  TASK_STATUSES,
  type ClubTask,
  type TaskCategory,
  type TaskPriority,
  type TaskStatus,
} from '@teamapp/contracts';

export const STATUS_LABELS: Record<TaskStatus, string> = {
  backlog: 'Backlog',
  'in-progress': 'In Progress',
  review: 'Review',
  completed: 'Completed',
};

export const PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

export const CATEGORY_LABELS: Record<TaskCategory, string> = {
  roster: 'Roster',
  finances: 'Finances',
  operations: 'Operations',
  equipment: 'Equipment',
  marketing: 'Marketing',
};

export type Columns = Record<TaskStatus, ClubTask[]>;

/** The tasks of each column, in their order on the board. */
export function toColumns(tasks: readonly ClubTask[]): Columns {
  const columns = Object.fromEntries(TASK_STATUSES.map((s) => [s, [] as ClubTask[]])) as Columns;
  for (const task of tasks) columns[task.status].push(task);
  for (const status of TASK_STATUSES) columns[status].sort((a, b) => a.position - b.position);
  return columns;
}

export const isStatus = (value: unknown): value is TaskStatus =>
  (TASK_STATUSES as readonly unknown[]).includes(value);

/**
 * The tasks after `id` moved to `index` of column `status` (the server's rule: the other cards
 * of that column keep their order, the card goes between them), every touched column numbered
 * again from 0.
 */
export function moveTask(
  tasks: readonly ClubTask[],
  id: string,
  status: TaskStatus,
  index: number,
): ClubTask[] {
  const moving = tasks.find((t) => t.id === id);
  if (!moving) return [...tasks];
  const columns = toColumns(tasks.filter((t) => t.id !== id));
  const target = columns[status];
  target.splice(Math.max(0, Math.min(index, target.length)), 0, { ...moving, status });
  return TASK_STATUSES.flatMap((s) => columns[s].map((task, position) => ({ ...task, position })));
}

/** A YYYY-MM-DD date as "Dec 7, 2026" (a calendar date has no zone, so UTC is neutral). */
const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

export const NO_DATE = 'No date';

export const dueDateText = (date: string | null) =>
  date ? dateFormat.format(new Date(`${date}T00:00:00Z`)) : NO_DATE;

/** This device's calendar date `days` from `now`, as YYYY-MM-DD. */
export function dateInDays(now: Date, days: number): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** Reference §5: a new task is due one week from today. */
export const defaultDueDate = (now = new Date()) => dateInDays(now, TASK_DEFAULT_DUE_DAYS);
