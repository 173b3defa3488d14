/**
 * The daily coming-of-age run (docs/reference.md "Families"): a daily job (service-kit
 * scheduleDailyJob), one per club day shortly after midnight in the club's time zone,
 * republishing the members who reached the adult age that day. Its queue is auth's own (nothing
 * else reads it), so it carries no payload. A day missed while the service was down is made good
 * at the next start, which announces every member as they now are (users.ts announceMembers).
 */
import { QUEUE_NAMES } from '@teamapp/contracts';
import { scheduleDailyJob, type Logger, type Queues, type Redis } from '@teamapp/service-kit';
import type { FamilyUseCases } from '../domain/family';

export const COMING_OF_AGE_QUEUE = QUEUE_NAMES.authComingOfAge;
/** Five past midnight, in the club's time zone. */
export const COMING_OF_AGE_PATTERN = '5 0 * * *';

export function scheduleComingOfAge(deps: {
  redis: Redis;
  /** The service's queues: through them the queues board and the metrics see this one. */
  queues: Queues;
  prefix: string;
  timeZone: string;
  family: Pick<FamilyUseCases, 'comingOfAge'>;
  log: Logger;
}): Promise<{ close: () => Promise<void> }> {
  return scheduleDailyJob({
    queue: deps.queues.queue(COMING_OF_AGE_QUEUE),
    redis: deps.redis,
    prefix: deps.prefix,
    pattern: COMING_OF_AGE_PATTERN,
    timeZone: deps.timeZone,
    name: 'coming-of-age',
    label: 'coming of age',
    run: () => deps.family.comingOfAge(),
    log: deps.log,
  });
}
