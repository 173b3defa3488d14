/**
 * Due-date reminders: the member a task is assigned to is notified the day before its due date,
 * at the club's reminder hour. Each is one BullMQ delayed job with a deterministic id (task,
 * member, due date), so scheduling twice adds it once; a task whose due date or assignee changes
 * gets a new job and its old one is removed, and a completed or deleted task's job is dropped.
 * Should a stale job survive, it finds the task changed and does nothing. Sending claims one row
 * per task, member and due date first, so a job that runs twice reminds nobody twice.
 */
import type { TaskReminderJob } from '@teamapp/contracts';
import { createDelayedJobs, type Logger } from '@teamapp/service-kit';
import type { Queue } from 'bullmq';
import type { TasksRepos, TasksTransaction } from '../db/repos';
import type { TaskRow } from '../db/schema';
import { clip, type ClubCalendar } from './club-time';

type Remindable = Pick<TaskRow, 'id' | 'status' | 'assigneeId' | 'dueDate'>;

export const taskReminderJobId = (taskId: string, assigneeId: string, dueDate: string) =>
  `task-reminder-${taskId}-${assigneeId}-${dueDate}`;

/** The reminder a task should have, or null (no member, no date, or completed). */
function reminderOf(task: Remindable): TaskReminderJob | null {
  if (task.status === 'completed' || !task.assigneeId || !task.dueDate) return null;
  return { taskId: task.id, assigneeId: task.assigneeId, dueDate: task.dueDate };
}

const jobIdOf = (job: TaskReminderJob) =>
  taskReminderJobId(job.taskId, job.assigneeId, job.dueDate);

export interface ReminderScheduler {
  /** Adds the reminders still ahead for these tasks (idempotent). */
  schedule(tasks: Remindable[]): Promise<void>;
  /** Removes these tasks' reminders as they stand. */
  unschedule(tasks: Remindable[]): Promise<void>;
  /** The task changed from `before` to `after`: a reminder that no longer fits goes. */
  reschedule(before: Remindable, after: Remindable): Promise<void>;
  /** Schedules every open assigned task's reminder (at start, in case Redis lost some). */
  reconcile(): Promise<number>;
}

export function createReminderScheduler(deps: {
  queue: Queue;
  repos: TasksRepos;
  calendar: ClubCalendar;
  now: () => Date;
  log: Logger;
}): ReminderScheduler {
  const { calendar } = deps;
  const delayed = createDelayedJobs<TaskReminderJob>({ ...deps, label: 'task reminders' });
  // A due date whose day before has passed is not scheduled: the assignment notification
  // already named the date.
  const jobs = (tasks: Remindable[]) =>
    tasks.flatMap((task) => {
      const job = reminderOf(task);
      return job ? [{ id: jobIdOf(job), runAt: calendar.reminderAt(job.dueDate), data: job }] : [];
    });
  const ids = (tasks: Remindable[]) => jobs(tasks).map((job) => job.id);

  return {
    schedule: (tasks) => delayed.schedule(jobs(tasks)),
    // Whatever the task's status now, the reminder it may have had goes.
    unschedule: (tasks) =>
      delayed.cancel(ids(tasks.map((t) => ({ ...t, status: 'backlog' as const })))),
    reschedule: (before, after) => delayed.replace(ids([before]), jobs([after])),
    async reconcile() {
      const open = await deps.repos.tasks.remindable(calendar.dateOf(deps.now()));
      await delayed.schedule(jobs(open));
      return open.length;
    },
  };
}

export function createReminderUseCases(deps: {
  inTransaction: TasksTransaction;
  calendar: ClubCalendar;
  now: () => Date;
}) {
  const { calendar } = deps;
  return {
    /**
     * Handler of one reminder job: notifies the assignee that the task is due. Returns whether
     * a reminder went out (not when the task changed, is gone or completed, the member left, the
     * due date has passed, or it was sent already).
     */
    send: (job: TaskReminderJob) =>
      deps.inTransaction(async (store) => {
        const task = await store.tasks.find(job.taskId);
        if (!task || task.status === 'completed') return false;
        if (task.assigneeId !== job.assigneeId || task.dueDate !== job.dueDate) return false;
        const today = calendar.dateOf(deps.now());
        if (task.dueDate < today) return false;
        if (!(await store.members.active(job.assigneeId))) return false;
        if (!(await store.reminders.claim(task.id, job.assigneeId, task.dueDate))) return false;
        const when = calendar.describe(task.dueDate);
        const day =
          task.dueDate === today
            ? 'today'
            : task.dueDate === calendar.plusDays(today, 1)
              ? 'tomorrow'
              : 'soon';
        await store.notify(job.assigneeId, {
          title: clip(`Task due ${day}: ${task.title}`),
          message: `Due ${when}.`,
          kind: 'tasks',
        });
        return true;
      }),
  };
}

export type ReminderUseCases = ReturnType<typeof createReminderUseCases>;
