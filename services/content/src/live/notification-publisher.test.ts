/**
 * Live notifications: each notification the `notifications` queue stores is published once on
 * Redis (NOTIFICATIONS_LIVE_CHANNEL) with the recipient's new unread count, for the chat
 * service's live socket to deliver; a redelivered job publishes nothing again.
 */
import { randomUUID } from 'node:crypto';
import { NOTIFICATIONS_LIVE_CHANNEL, type LiveNotification } from '@teamapp/contracts';
import { createRedis, type Redis } from '@teamapp/service-kit';
import { testRedisPrefix, testRedisUrl } from '@teamapp/service-kit/testing';
import { eventually, startContent, type ContentHarness } from '../../test/harness';

const prefix = testRedisPrefix();
let h: ContentHarness;
let listener: Redis;
const published: LiveNotification[][] = [];
const barriers: string[] = [];
const BARRIER = 'barrier:';
beforeAll(async () => {
  listener = createRedis(testRedisUrl());
  listener.on('message', (_channel: string, text: string) => {
    if (text.startsWith(BARRIER)) barriers.push(text);
    else published.push(JSON.parse(text) as LiveNotification[]);
  });
  await listener.subscribe(`${prefix}${NOTIFICATIONS_LIVE_CHANNEL}`);
  h = await startContent({ prefix });
});
afterAll(async () => {
  await h.close();
  listener.disconnect();
});
beforeEach(() => {
  published.length = 0;
});

const all = () => published.flat();

/**
 * Publishes a marker on the channel and waits for it: Redis hands one channel's messages to a
 * subscriber in the order it took them, so whatever was published before has arrived by then.
 */
async function everythingPublishedArrived() {
  const marker = `${BARRIER}${randomUUID()}`;
  const publisher = createRedis(testRedisUrl());
  try {
    await publisher.publish(`${prefix}${NOTIFICATIONS_LIVE_CHANNEL}`, marker);
  } finally {
    publisher.disconnect();
  }
  await eventually(() => barriers.includes(marker));
}

it('when a notification is stored, then it is published for each recipient with their unread count', async () => {
  const one = await h.userFor('player');
  const two = await h.userFor('player');
  await h.queues.add(
    'notifications',
    { audience: { userIds: [one.userId] }, title: 'Earlier', message: '' },
    randomUUID(),
  );
  await eventually(() => all().length === 1);

  await h.queues.add(
    'notifications',
    { audience: { userIds: [one.userId, two.userId] }, title: 'Game moved', message: 'To 7 pm' },
    randomUUID(),
  );
  await eventually(() => all().length === 3);

  expect(published).toHaveLength(2);
  const latest = published[1]!;
  expect(latest).toHaveLength(2);
  expect(latest.find((n) => n.userId === one.userId)).toEqual({
    userId: one.userId,
    unreadCount: 2,
    notification: {
      id: expect.any(String),
      title: 'Game moved',
      message: 'To 7 pm',
      is_read: false,
      created_at: expect.any(String),
    },
  });
  expect(latest.find((n) => n.userId === two.userId)?.unreadCount).toBe(1);
});

it('when the same job is delivered twice, then it is published once', async () => {
  const user = await h.userFor('admin');
  const jobId = randomUUID();
  const note = { audience: { userIds: [user.userId] }, title: 'Once', message: '' };
  await h.service.deps.notifications.deliver(jobId, note.audience, note);
  await h.service.deps.notifications.deliver(jobId, note.audience, note);
  await everythingPublishedArrived();

  expect(all()).toHaveLength(1);
  expect(all()[0]).toMatchObject({ userId: user.userId, unreadCount: 1 });
});
