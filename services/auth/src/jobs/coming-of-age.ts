/**
 * The daily coming-of-age run (docs/reference.md "Families"): a repeatable BullMQ job, one per
 * club day shortly after midnight in the club's time zone, republishing the members who reached
 * the adult age that day. Its queue is auth's own (nothing else reads it), so it carries no
 * payload. A day missed while the service was down is made good at the next start, which
 * announces every member as they now are (users.ts announceMembers).
 */
import { QUEUE_NAMES } from '@teamapp/contracts';
import type { Logger, Queues, ServiceBase } from '@teamapp/service-kit';
import { Worker } from 'bullmq';
import type { FamilyUseCases } from '../domain/family';

export const COMING_OF_AGE_QUEUE = QUEUE_NAMES.authComingOfAge;
/** Five past midnight, in the club's time zone. */
export const COMING_OF_AGE_PATTERN = '5 0 * * *';

export async function scheduleComingOfAge(deps: {
  redis: ServiceBase['redis'];
  /** The service's queues: through them the queues board and the metrics see this one. */
  queues: Queues;
  prefix: string;
  timeZone: string;
  family: Pick<FamilyUseCases, 'comingOfAge'>;
  log: Logger;
}): Promise<{ close: () => Promise<void> }> {
  const prefix = `${deps.prefix}bull`;
  const queue = deps.queues.queue(COMING_OF_AGE_QUEUE);
  // Upserting by id: every instance and every start keeps one schedule, not one each. Redis
  // away at start delays the schedule to the next start, not the service.
  await queue
    .upsertJobScheduler(
      'daily',
      { pattern: COMING_OF_AGE_PATTERN, tz: deps.timeZone },
      { name: 'coming-of-age', opts: { removeOnComplete: 30, removeOnFail: 100 } },
    )
    .catch((err: unknown) => deps.log.warn({ err: String(err) }, 'coming of age not scheduled'));
  // A worker blocks on its connection, which BullMQ wants without a per-request retry limit.
  const connection = deps.redis.duplicate({ maxRetriesPerRequest: null });
  const worker = new Worker(
    COMING_OF_AGE_QUEUE,
    async () => {
      await deps.family.comingOfAge();
    },
    { connection, prefix, concurrency: 1 },
  );
  // Without a listener a lost Redis connection would end the process; the worker reconnects.
  worker.on('error', (err) =>
    deps.log.warn({ err: err.message }, 'coming of age worker connection problem'),
  );
  worker.on('failed', (job, err) =>
    deps.log.error({ jobId: job?.id, err: err.message }, 'coming of age failed'),
  );
  return {
    close: async () => {
      await worker.close();
      connection.disconnect();
    },
  };
}
