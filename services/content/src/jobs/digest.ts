/**
 * The daily digest (reference §2): a daily job (service-kit scheduleDailyJob) at DIGEST_HOUR in
 * the club's time zone, one schedule for every copy of the service, mailing each member who chose
 * the digest the day's held items once (domain/notification-mails.ts). Its queue is content's own
 * (nothing else reads it), so it carries no payload. Items held while the service was down wait
 * for the next run.
 */
import { DIGEST_HOUR } from '@teamapp/contracts';
import { scheduleDailyJob, type Logger, type Redis } from '@teamapp/service-kit';
import { Queue } from 'bullmq';
import type { NotificationMails } from '../domain/notification-mails';

export const DIGEST_QUEUE = 'content-digest';
/** On the hour of DIGEST_HOUR, every day, in the club's time zone. */
export const DIGEST_PATTERN = `0 ${DIGEST_HOUR} * * *`;

export async function scheduleDigest(deps: {
  redis: Redis;
  prefix: string;
  timeZone: string;
  mails: Pick<NotificationMails, 'sendDigests'>;
  log: Logger;
}): Promise<{ queue: Queue; close: () => Promise<void> }> {
  const queue = new Queue(DIGEST_QUEUE, { connection: deps.redis, prefix: `${deps.prefix}bull` });
  queue.on('error', () => undefined);
  const job = await scheduleDailyJob({
    queue,
    redis: deps.redis,
    prefix: deps.prefix,
    pattern: DIGEST_PATTERN,
    timeZone: deps.timeZone,
    name: 'digest',
    label: 'digest',
    run: async () => {
      const sent = await deps.mails.sendDigests();
      deps.log.info({ sent }, 'digests sent');
    },
    log: deps.log,
  });
  return {
    queue,
    close: async () => {
      await job.close();
      await queue.close();
    },
  };
}
