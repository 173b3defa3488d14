/**
 * Delayed jobs: work that must run at a time (a reminder before an event, the day before a due
 * date) is one BullMQ delayed job whose id is derived from what it is about and that time, so
 * scheduling it twice adds it once. When the thing changes, the jobs whose ids it no longer has
 * are removed and the new ones added; when it is deleted, its jobs are removed. A time already
 * past is not scheduled at all. Redis being away never fails the change that asked: what is not
 * added is added by the service's reconcile at its next start, and a job that could not be
 * removed must find its subject changed when it runs and do nothing.
 */
import type { Queue } from 'bullmq';
import type { Logger } from './logger';

export interface DelayedJob<Data> {
  /** Deterministic: the same subject at the same time always gives the same id. */
  id: string;
  /** When the job should run (epoch milliseconds or a Date). */
  runAt: number | Date;
  data: Data;
}

export interface DelayedJobs<Data> {
  /** Adds the jobs whose time is still ahead (idempotent per id); past ones are left out. */
  schedule(jobs: DelayedJob<Data>[]): Promise<void>;
  /** Removes the jobs with these ids (an id with no job is fine). */
  cancel(ids: string[]): Promise<void>;
  /**
   * Something changed: the jobs it had (`before`, by id) that are not among the ones it has now
   * (`after`) are removed, then `after` is scheduled.
   */
  replace(before: string[], after: DelayedJob<Data>[]): Promise<void>;
}

export function createDelayedJobs<Data extends object>(deps: {
  queue: Queue;
  now: () => Date;
  log: Logger;
  /** What the jobs are, for the warnings ("task reminders not scheduled"). */
  label: string;
}): DelayedJobs<Data> {
  const { queue, log, label } = deps;

  const schedule = async (jobs: DelayedJob<Data>[]) => {
    const now = deps.now().getTime();
    const due = jobs.flatMap((job) => {
      const at = typeof job.runAt === 'number' ? job.runAt : job.runAt.getTime();
      if (at <= now) return [];
      return [{ name: queue.name, data: job.data, opts: { jobId: job.id, delay: at - now } }];
    });
    if (due.length === 0) return;
    try {
      await queue.addBulk(due);
    } catch (err) {
      // The change is saved; the service's next start schedules what is missing.
      log.warn({ err: String(err), jobs: due.length }, `${label} not scheduled`);
    }
  };

  const cancel = async (ids: string[]) => {
    try {
      for (const id of ids) await queue.remove(id);
    } catch (err) {
      // A job left behind finds its subject changed or gone and does nothing.
      log.warn({ err: String(err) }, `${label} not removed`);
    }
  };

  return {
    schedule,
    cancel,
    async replace(before, after) {
      const kept = new Set(after.map((job) => job.id));
      const gone = before.filter((id) => !kept.has(id));
      if (gone.length > 0) await cancel(gone);
      await schedule(after);
    },
  };
}
