/**
 * Due-date reminders: the member a task is assigned to is notified the day before its due date,
 * at the club's reminder hour. Each is one BullMQ delayed job with a deterministic id (task,
 * member, due date), so scheduling twice adds it once; a task whose due date or assignee changes
 * gets a new job and its old one is removed, and a completed or deleted task's job is dropped.
 * Should a stale job survive, it finds the task changed and does nothing. Sending claims one row
 * per task, member and due date first, so a job that runs twice reminds nobody twice.
 */
import type { TaskReminderJob } from '@teamapp/contracts';
import type { Logger } from '@teamapp/service-kit';
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
  const { queue, calendar, log } = deps;

  const schedule = async (tasks: Remindable[]) => {
    const now = deps.now().getTime();
    const due = tasks.flatMap((task) => {
      const job = reminderOf(task);
      if (!job) return [];
      const fireAt = calendar.reminderAt(job.dueDate).getTime();
      // The day before has passed: the assignment notification already named the date.
      if (fireAt <= now) return [];
      return [
        { name: 'task-reminders', data: job, opts: { jobId: jobIdOf(job), delay: fireAt - now } },
      ];
    });
    if (due.length === 0) return;
    try {
      await queue.addBulk(due);
    } catch (err) {
      // The task is saved; the next start schedules what is missing.
      log.warn({ err: String(err), jobs: due.length }, 'task reminders not scheduled');
    }
  };

  const unschedule = async (tasks: Remindable[]) => {
    try {
      for (const task of tasks) {
        const job = reminderOf({ ...task, status: 'backlog' });
        if (job) await queue.remove(jobIdOf(job));
      }
    } catch (err) {
      // A reminder left behind finds its task changed or gone and does nothing.
      log.warn({ err: String(err) }, 'task reminders not removed');
    }
  };

  return {
    schedule,
    unschedule,
    async reschedule(before, after) {
      const was = reminderOf(before);
      const is = reminderOf(after);
      if (was && (!is || jobIdOf(was) !== jobIdOf(is))) await unschedule([before]);
      await schedule([after]);
    },
    async reconcile() {
      const open = await deps.repos.tasks.remindable(calendar.dateOf(deps.now()));
      await schedule(open);
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
        });
        return true;
      }),
  };
}

export type ReminderUseCases = ReturnType<typeof createReminderUseCases>;
