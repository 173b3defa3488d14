/**
 * Daily jobs: work a service does once a day at a set time in the club's time zone (auth's
 * coming-of-age run, content's digest; docs/reference.md §7) is one repeatable BullMQ
 * job on a queue of the service's own, carrying no payload, with one worker. The schedule is
 * upserted by id, so every copy of the service and every start keep one schedule, not one each;
 * Redis away at start delays the schedule to the next start, not the service.
 */
import { Worker, type Queue } from 'bullmq';
import type { Logger } from './logger';
import type { Redis } from './redis';

export interface DailyJobOptions {
  /** The job's queue (the service's own; nothing else reads it). */
  queue: Queue;
  /** The service's Redis connection; the worker blocks on a copy of it. */
  redis: Redis;
  /** The service's REDIS_PREFIX (BullMQ keys are under `<prefix>bull`). */
  prefix: string;
  /** A cron pattern read in `timeZone`, e.g. '5 0 * * *'. */
  pattern: string;
  timeZone: string;
  /** The repeatable job's name, e.g. 'digest'. */
  name: string;
  /** How the log lines name the job, e.g. 'coming of age'. */
  label: string;
  run: () => Promise<unknown>;
  log: Logger;
}

/** Schedules the job and starts its worker; `close` stops the worker (the queue is the caller's). */
export async function scheduleDailyJob(
  options: DailyJobOptions,
): Promise<{ close: () => Promise<void> }> {
  const { queue, log, label } = options;
  await queue
    .upsertJobScheduler(
      'daily',
      { pattern: options.pattern, tz: options.timeZone },
      { name: options.name, opts: { removeOnComplete: 30, removeOnFail: 100 } },
    )
    .catch((err: unknown) => log.warn({ err: String(err) }, `${label} not scheduled`));
  // A worker blocks on its connection, which BullMQ wants without a per-request retry limit.
  const connection = options.redis.duplicate({ maxRetriesPerRequest: null });
  const worker = new Worker(queue.name, options.run, {
    connection,
    prefix: `${options.prefix}bull`,
    concurrency: 1,
  });
  // Without a listener a lost Redis connection would end the process; the worker reconnects.
  worker.on('error', (err) => log.warn({ err: err.message }, `${label} worker connection problem`));
  worker.on('failed', (job, err) =>
    log.error({ jobId: job?.id, err: err.message }, `${label} failed`),
  );
  return {
    close: async () => {
      await worker.close();
      connection.disconnect();
    },
  };
}
