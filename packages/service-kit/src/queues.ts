/**
 * Queues: BullMQ on Redis, set up once here. Jobs retry with capped exponential backoff, finished
 * jobs are trimmed, failed jobs are kept (never dropped) for a person to look at and retry.
 */
import {
  jobSchemas,
  mailPriority,
  type JobPayloads,
  type MailJob,
  type QueueName,
} from '@teamapp/contracts';
import { DelayedError, Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from './logger';
import { currentRequestId, isRequestId, JOB_REQUEST_ID, withRequestId } from './request-context';

export { DelayedError, UnrecoverableError };

export interface RetryPolicy {
  attempts: number;
  /** First retry delay; each further retry doubles it, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/** About 25 minutes of retries: long enough to ride out a mail server restart or an outage. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 30, baseDelayMs: 1000, maxDelayMs: 60_000 };

export const backoffDelay = (policy: RetryPolicy, attemptsMade: number) =>
  Math.min(policy.baseDelayMs * 2 ** Math.max(0, attemptsMade - 1), policy.maxDelayMs);

/** BullMQ wants `maxRetriesPerRequest: null` on the connections its workers block on. */
function queueConnection(url: string, forWorker: boolean): Redis {
  return new Redis(url, {
    // A producer gives up on a command after one failed reconnect, so that while Redis is away
    // the outbox keeps the job instead of the request waiting; workers wait as long as it takes.
    maxRetriesPerRequest: forWorker ? null : 1,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}

/** Rejects when a promise takes longer than ms (a producer must never hang on Redis). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** One job for `Queues.addMany`. */
export interface QueuedJob {
  queue: QueueName;
  payload: unknown;
  jobId: string;
  requestId?: string;
}

export interface Queues {
  /**
   * Adds a job (idempotent per jobId). Its data is the checked payload plus the id of the request
   * that caused it: `requestId`, else the request being served.
   */
  add<Q extends QueueName>(
    queue: Q,
    payload: JobPayloads[Q],
    jobId: string,
    options?: { requestId?: string },
  ): Promise<void>;
  /**
   * Adds several jobs, one round trip per queue (the outbox relay's batches); each as `add` would
   * (idempotent per jobId). Either every queue took its jobs or it throws.
   */
  addMany(jobs: readonly QueuedJob[]): Promise<void>;
  queue(name: QueueName): Queue;
  /** The queues this process has opened so far. */
  opened(): QueueName[];
  close(): Promise<void>;
}

export function createQueues(options: {
  redisUrl: string;
  prefix: string;
  retry?: RetryPolicy;
}): Queues {
  const connection = queueConnection(options.redisUrl, false);
  const retry = options.retry ?? DEFAULT_RETRY;
  const queues = new Map<QueueName, Queue>();
  const queue = (name: QueueName) => {
    let q = queues.get(name);
    if (!q) {
      q = new Queue(name, {
        connection,
        prefix: `${options.prefix}bull`,
        defaultJobOptions: {
          attempts: retry.attempts,
          backoff: { type: 'capped-exponential' },
          removeOnComplete: { age: 7 * 24 * 3600, count: 5000 },
          removeOnFail: false,
        },
      });
      // Connection trouble is reported by the failing add(); keep it from being an unhandled event.
      q.on('error', () => undefined);
      queues.set(name, q);
    }
    return q;
  };
  const addMany = async (jobs: readonly QueuedJob[]) => {
    const byQueue = new Map<QueueName, QueuedJob[]>();
    for (const job of jobs) {
      const list = byQueue.get(job.queue);
      if (list) list.push(job);
      else byQueue.set(job.queue, [job]);
    }
    await within(
      Promise.all(
        [...byQueue].map(([name, list]) =>
          queue(name).addBulk(
            list.map(({ payload, jobId, requestId: given }) => {
              const requestId = given ?? currentRequestId();
              const data = jobSchemas[name].parse(payload) as Record<string, unknown>;
              return {
                name,
                data: requestId ? { ...data, [JOB_REQUEST_ID]: requestId } : data,
                // The job id makes adding idempotent: a second add of the same id is ignored.
                opts: {
                  jobId,
                  // Transactional mails before bulk ones (contracts mailPriority).
                  ...(name === 'mail' && { priority: mailPriority(data as MailJob) }),
                },
              };
            }),
          ),
        ),
      ),
      5000,
      'queue add',
    );
  };
  return {
    queue,
    opened: () => [...queues.keys()],
    add: (name, payload, jobId, addOptions = {}) =>
      addMany([{ queue: name, payload, jobId, requestId: addOptions.requestId }]),
    addMany,
    async close() {
      await Promise.all([...queues.values()].map((q) => q.close()));
      connection.disconnect();
    },
  };
}

/** What a service does with each job of one queue: its `jobs/<queue>.consumer.ts` exports one. */
export interface Consumer<Q extends QueueName> {
  queue: Q;
  /** Runs once per delivery; must be safe to run twice for the same job (jobs are retried). */
  handle: (payload: JobPayloads[Q], job: Job) => Promise<void>;
  concurrency?: number;
}

/** Types a consumer for its queue: `defineConsumer({ queue: 'mail', handle: async (mail) => ... })`. */
export const defineConsumer = <Q extends QueueName>(consumer: Consumer<Q>): Consumer<Q> => consumer;

/** A consumer of any one queue. */
export type AnyConsumer = { [Q in QueueName]: Consumer<Q> }[QueueName];

export interface WorkerHandle {
  worker: Worker;
  close(): Promise<void>;
}

/**
 * Consumes one queue. The payload is parsed with its contract first: a payload that can never be
 * valid fails at once (kept as failed); any other error is retried with backoff.
 */
export function startWorker<Q extends QueueName>(options: {
  queue: Q;
  redisUrl: string;
  prefix: string;
  log: Logger;
  handler: (payload: JobPayloads[Q], job: Job) => Promise<void>;
  retry?: RetryPolicy;
  concurrency?: number;
}): WorkerHandle {
  const connection = queueConnection(options.redisUrl, true);
  const retry = options.retry ?? DEFAULT_RETRY;
  const log = options.log.child({ queue: options.queue });
  const worker = new Worker(
    options.queue,
    async (job: Job) => {
      const work = async () => {
        const parsed = jobSchemas[options.queue].safeParse(job.data);
        if (!parsed.success)
          throw new UnrecoverableError(`invalid payload: ${parsed.error.message}`);
        await options.handler(parsed.data as JobPayloads[Q], job);
      };
      // A job queued while serving a request runs in that request's context (its log lines).
      const requestId = (job.data as Record<string, unknown> | undefined)?.[JOB_REQUEST_ID];
      await (isRequestId(requestId) ? withRequestId(requestId, work) : work());
    },
    {
      connection,
      prefix: `${options.prefix}bull`,
      concurrency: options.concurrency ?? 4,
      settings: { backoffStrategy: (attemptsMade: number) => backoffDelay(retry, attemptsMade) },
    },
  );
  worker.on('failed', (job, err) => {
    const final = job
      ? job.attemptsMade >= (job.opts.attempts ?? 1) || err instanceof UnrecoverableError
      : true;
    log[final ? 'error' : 'warn'](
      {
        jobId: job?.id,
        requestId: requestIdOf(job),
        attemptsMade: job?.attemptsMade,
        err: err.message,
      },
      final ? 'job failed for good; kept in the failed list' : 'job failed; will retry',
    );
  });
  worker.on('completed', (job) =>
    log.info({ jobId: job.id, requestId: requestIdOf(job) }, 'job done'),
  );
  worker.on('error', (err) => log.warn({ err: err.message }, 'worker connection problem'));
  return {
    worker,
    async close() {
      await worker.close();
      connection.disconnect();
    },
  };
}

/** The id of the request that queued a job, when its data carries one. */
export function requestIdOf(job: Job | undefined): string | undefined {
  const value = (job?.data as Record<string, unknown> | undefined)?.[JOB_REQUEST_ID];
  return isRequestId(value) ? value : undefined;
}
