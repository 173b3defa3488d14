/**
 * The `mail` queue's order on the real Redis through BullMQ (contracts mailPriority): a
 * transactional mail queued after a club-wide batch of notification mails is still sent first.
 */
import type { MailJob } from '@teamapp/contracts';
import type { Logger } from './logger';
import { createQueues, startWorker, type Queues } from './queues';
import { eventually, testRedisPrefix, testRedisUrl } from './testing';

const prefix = testRedisPrefix();
let queues: Queues;
const log = {
  child: () => log,
  warn: () => undefined,
  error: () => undefined,
} as unknown as Logger;

beforeAll(() => {
  queues = createQueues({ redisUrl: testRedisUrl(), prefix });
});
afterAll(async () => {
  await queues.queue('mail').obliterate({ force: true });
  await queues.close();
});

const bulk = (n: number): MailJob => ({
  template: 'event-cancelled',
  to: `member${n}@club.test`,
  name: `Member ${n}`,
  title: 'Training',
  when: 'Mon, Mar 4, 7:00 PM',
  location: 'Main pitch',
});

it('when a transactional mail is queued behind bulk mails, then it is sent before them', async () => {
  const mail = queues.queue('mail');
  await mail.pause();
  for (let n = 0; n < 5; n++) await queues.add('mail', bulk(n), `bulk-${n}`);
  await queues.add(
    'mail',
    { template: 'password-changed', to: 'sam@club.test', name: 'Sam', signedOut: 'others' },
    'changed',
  );
  const sent: string[] = [];
  const worker = startWorker({
    queue: 'mail',
    redisUrl: testRedisUrl(),
    prefix,
    log,
    concurrency: 1,
    handler: async (payload) => void sent.push(payload.to),
  });
  try {
    await mail.resume();
    await eventually(() => sent.length === 6);
    expect(sent[0]).toBe('sam@club.test');
    // The bulk mails keep the order they were queued in.
    expect(sent.slice(1)).toEqual([0, 1, 2, 3, 4].map((n) => `member${n}@club.test`));
  } finally {
    await worker.close();
  }
});
