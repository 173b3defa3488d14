/**
 * Delayed jobs on the real Redis through BullMQ, with a fixed clock so every delay is exact.
 * Nothing here waits for a job to run: the tests read what BullMQ holds.
 */
import type { Queue } from 'bullmq';
import { createDelayedJobs, type DelayedJob } from './delayed-jobs';
import type { Logger } from './logger';
import { createQueues, type Queues } from './queues';
import { testRedisPrefix, testRedisUrl } from './testing';

const NOW = Date.parse('2030-03-01T12:00:00Z');
const HOUR = 3_600_000;

let queues: Queues;
let queue: Queue;
const warnings: string[] = [];
// Only the warnings are read; the jobs themselves go through the real Redis.
const log = {
  warn: (_fields: object, message: string) => void warnings.push(message),
} as unknown as Logger;

beforeAll(() => {
  queues = createQueues({ redisUrl: testRedisUrl(), prefix: testRedisPrefix() });
  queue = queues.queue('event-reminders');
});
afterAll(async () => {
  await queue.obliterate({ force: true });
  await queues.close();
});
beforeEach(() => {
  warnings.length = 0;
});

const jobs = () =>
  createDelayedJobs<{ subject: string }>({ queue, now: () => new Date(NOW), log, label: 'nudges' });
const job = (id: string, runAt: number | Date): DelayedJob<{ subject: string }> => ({
  id,
  runAt,
  data: { subject: id },
});
const delayedIds = async () => (await queue.getJobs(['delayed'])).map((j) => j.id).sort();

describe('delayed jobs', () => {
  it('when jobs are scheduled, then each waits delayed by its time less now, named after its queue', async () => {
    await jobs().schedule([job('a-1', NOW + 2 * HOUR), job('a-2', new Date(NOW + 5 * HOUR))]);

    const [first, second] = await Promise.all([queue.getJob('a-1'), queue.getJob('a-2')]);
    expect(await first?.getState()).toBe('delayed');
    expect(first!.delay).toBe(2 * HOUR);
    expect(first!.name).toBe('event-reminders');
    expect(first!.data).toEqual({ subject: 'a-1' });
    expect(second!.delay).toBe(5 * HOUR);
  });

  it('when a time is now or already past, then that job is not added and the others are', async () => {
    await jobs().schedule([job('b-past', NOW - 1), job('b-now', NOW), job('b-ahead', NOW + 1)]);

    expect(await queue.getJob('b-past')).toBeUndefined();
    expect(await queue.getJob('b-now')).toBeUndefined();
    expect((await queue.getJob('b-ahead'))?.delay).toBe(1);
  });

  it('when the same jobs are scheduled twice, then each is there once and keeps its first delay', async () => {
    await jobs().schedule([job('c-1', NOW + HOUR)]);
    await createDelayedJobs<{ subject: string }>({
      queue,
      now: () => new Date(NOW + 10 * 60_000),
      log,
      label: 'nudges',
    }).schedule([job('c-1', NOW + HOUR)]);

    expect((await delayedIds()).filter((id) => id?.startsWith('c-'))).toEqual(['c-1']);
    expect((await queue.getJob('c-1'))!.delay).toBe(HOUR);
  });

  it('when jobs are cancelled, then they are gone, and an id without a job is no error', async () => {
    await jobs().schedule([job('d-1', NOW + HOUR), job('d-2', NOW + HOUR)]);

    await jobs().cancel(['d-1', 'd-unknown']);

    expect(await queue.getJob('d-1')).toBeUndefined();
    expect(await queue.getJob('d-2')).toBeDefined();
    expect(warnings).toEqual([]);
  });

  it('when a subject changes, then jobs it no longer has go, the ones it keeps stay as they were, and new ones wait', async () => {
    await jobs().schedule([job('e-kept', NOW + HOUR), job('e-old', NOW + 2 * HOUR)]);
    const before = (await queue.getJob('e-kept'))!.timestamp;

    await jobs().replace(
      ['e-kept', 'e-old'],
      [job('e-kept', NOW + HOUR), job('e-new', NOW + 3 * HOUR), job('e-late', NOW - HOUR)],
    );

    expect(await queue.getJob('e-old')).toBeUndefined();
    expect((await queue.getJob('e-kept'))!.timestamp).toBe(before);
    expect((await queue.getJob('e-new'))!.delay).toBe(3 * HOUR);
    expect(await queue.getJob('e-late')).toBeUndefined();
  });

  it('when Redis cannot be reached, then scheduling and cancelling warn and do not throw', async () => {
    const away = createQueues({ redisUrl: testRedisUrl(), prefix: testRedisPrefix() });
    const closed = away.queue('event-reminders');
    await away.close();
    const offline = createDelayedJobs<{ subject: string }>({
      queue: closed,
      now: () => new Date(NOW),
      log,
      label: 'nudges',
    });

    await expect(offline.schedule([job('f-1', NOW + HOUR)])).resolves.toBeUndefined();
    await expect(offline.cancel(['f-1'])).resolves.toBeUndefined();

    expect(warnings).toEqual(['nudges not scheduled', 'nudges not removed']);
  });
});
