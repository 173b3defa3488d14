/**
 * The daily digest (reference §2): a repeatable BullMQ job at DIGEST_HOUR in the club's time
 * zone, one schedule for every copy of the service, mailing each member who chose the digest the
 * day's held items once (domain/notification-mails.ts). Its queue is content's own (nothing else
 * reads it), so it carries no payload. Items held while the service was down wait for the next
 * run.
 */
import { DIGEST_HOUR } from '@teamapp/contracts';
import type { Logger, ServiceBase } from '@teamapp/service-kit';
import { Queue, Worker } from 'bullmq';
import type { NotificationMails } from '../domain/notification-mails';

export const DIGEST_QUEUE = 'content-digest';
/** On the hour of DIGEST_HOUR, every day, in the club's time zone. */
export const DIGEST_PATTERN = `0 ${DIGEST_HOUR} * * *`;

export async function scheduleDigest(deps: {
  redis: ServiceBase['redis'];
  prefix: string;
  timeZone: string;
  mails: Pick<NotificationMails, 'sendDigests'>;
  log: Logger;
}): Promise<{ queue: Queue; close: () => Promise<void> }> {
  const prefix = `${deps.prefix}bull`;
  const queue = new Queue(DIGEST_QUEUE, { connection: deps.redis, prefix });
  queue.on('error', () => undefined);
  // Upserting by id: every instance and every start keeps one schedule, not one each.
  await queue
    .upsertJobScheduler(
      'daily',
      { pattern: DIGEST_PATTERN, tz: deps.timeZone },
      { name: 'digest', opts: { removeOnComplete: 30, removeOnFail: 100 } },
    )
    .catch((err: unknown) => deps.log.warn({ err: String(err) }, 'digest not scheduled'));
  // A worker blocks on its connection, which BullMQ wants without a per-request retry limit.
  const connection = deps.redis.duplicate({ maxRetriesPerRequest: null });
  const worker = new Worker(
    DIGEST_QUEUE,
    async () => {
      const sent = await deps.mails.sendDigests();
      deps.log.info({ sent }, 'digests sent');
    },
    { connection, prefix, concurrency: 1 },
  );
  // Without a listener a lost Redis connection would end the process; the worker reconnects.
  worker.on('error', (err) =>
    deps.log.warn({ err: err.message }, 'digest worker connection problem'),
  );
  worker.on('failed', (job, err) =>
    deps.log.error({ jobId: job?.id, err: err.message }, 'digest failed'),
  );
  return {
    queue,
    close: async () => {
      await worker.close();
      await queue.close();
      connection.disconnect();
    },
  };
}
