/**
 * Quiet hours hold a push and release it after, but not an urgent change (reference §2): the real
 * app, database, queues and push receiver, on a clock the test moves. A held push waits in the
 * `push` queue, delayed until the quiet hours end in the club's time zone.
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationJob,
  type NotificationPreferences,
} from '@teamapp/contracts';
import { drained } from '@teamapp/service-kit/testing';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import request from 'supertest';
import { eventually, startContent, type ContentHarness } from '../../../test/harness';
import { auth, newsMemberFor, type NewsMember } from '../../../test/news-members';
import { startPushReceiver, type PushReceiver } from '../../../test/push-receiver';
import { DEFAULT_PUSH_ORIGINS } from '../../config';
import { pushSubscriptions } from '../../db/schema';

const ZONE = 'America/Chicago';
const HOUR = 3600_000;

let clock = new Date();
let h: ContentHarness;
let receiver: PushReceiver;
let admin: NewsMember;
beforeAll(async () => {
  receiver = await startPushReceiver();
  h = await startContent({
    env: {
      PUSH_ALLOWED_ORIGINS: `${DEFAULT_PUSH_ORIGINS},${receiver.origin}`,
      CLUB_TIME_ZONE: ZONE,
    },
    service: { now: () => clock },
  });
  h.defer(() => receiver.close());
  admin = await newsMemberFor(h, 'admin', 'Quiet Admin', []);
});
beforeEach(() => {
  // Near the real time: the queue's delay runs on the real clock.
  clock = new Date();
});
afterEach(async () => {
  expect(receiver.refused).toEqual([]);
  await drained(pushQueue());
});
afterAll(async () => {
  await h.close();
});

const pushQueue = () => h.service.base.queues.queue('push');

/** HH:MM in the club's zone of the clock moved by some hours. */
const clubTime = (hours: number) =>
  DateTime.fromMillis(clock.getTime() + hours * HOUR, { zone: ZONE }).toFormat('HH:mm');

/** A member with push on for one device, news pushes on, and quiet from an hour ago for 3 hours. */
async function quietMember() {
  const member = await newsMemberFor(h, 'player', `Member ${randomUUID().slice(0, 6)}`, []);
  const device = receiver.subscribe();
  const res = await request(h.server)
    .post('/api/notifications/push-subscriptions')
    .set(auth(member.token))
    .send(device);
  expect(res.status).toBe(201);
  await setPreferences(member.token, (p) => {
    p.kinds.news.push = true;
    p.quietHours = { start: clubTime(-1), end: clubTime(2) };
  });
  const [row] = await h.service.base.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, device.endpoint));
  return { member, id: device.endpoint.split('/').pop()!, subscriptionId: row!.id };
}

/** When the quiet hours set by quietMember end: two hours on, to the minute. */
const quietEnd = () =>
  DateTime.fromMillis(clock.getTime() + 2 * HOUR, { zone: ZONE })
    .startOf('minute')
    .toMillis();

async function setPreferences(token: string, change: (p: NotificationPreferences) => void) {
  const preferences = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  change(preferences);
  const res = await request(h.server)
    .put('/api/notifications/preferences')
    .set(auth(token))
    .send(preferences);
  expect(res.status).toBe(200);
}

const pushesTo = (id: string) => receiver.received.filter((p) => p.subscription === id);

/** The push held for a device, once the consumer has delayed it. */
async function heldFor(subscriptionId: string) {
  const jobs = await pushQueue().getDelayed();
  return jobs.find((j) => (j.data as { subscriptionId: string }).subscriptionId === subscriptionId);
}

/** When a delayed job is due: its score in the delayed set is the time × 0x1000 plus a counter. */
async function dueAt(jobId: string) {
  const score = await h.service.base.redis.zscore(pushQueue().keys.delayed!, jobId);
  return score === null ? null : Math.floor(Number(score) / 0x1000);
}

const eventChange = (userId: string, eventAt: Date): NotificationJob => ({
  audience: { userIds: [userId] },
  title: 'Event changed: Training',
  message: 'Now at North Field',
  kind: 'events',
  eventAt: eventAt.toISOString(),
});

describe('quiet hours', () => {
  it('when a member is in quiet hours, then a news push waits until they end, and then goes once', async () => {
    const { id, subscriptionId } = await quietMember();
    const end = quietEnd();
    const title = `Kit day ${randomUUID().slice(0, 8)}`;

    const res = await request(h.server)
      .post('/api/news')
      .set(auth(admin.token))
      .send({ title, content: 'Bring your old boots.' });

    expect(res.status).toBe(201);
    const held = await eventually(() => heldFor(subscriptionId));
    expect(await dueAt(held.id!)).toBe(end);
    expect(pushesTo(id)).toEqual([]);

    // Still quiet a minute before the end: released early, it is held again until the end.
    clock = new Date(end - 60_000);
    await held.promote();
    await eventually(
      async () => (await heldFor(subscriptionId)) && (await dueAt(held.id!)) === end,
    );
    expect(pushesTo(id)).toEqual([]);

    clock = new Date(end);
    await (await heldFor(subscriptionId))!.promote();
    await drained(pushQueue());
    expect(pushesTo(id).map((p) => (p.payload as { title: string }).title)).toEqual([
      `News: ${title}`,
    ]);
  });

  it('when the member ends quiet hours meanwhile, then the held push goes when it is looked at again', async () => {
    const { member, id, subscriptionId } = await quietMember();
    await h.queues.add(
      'notifications',
      {
        audience: { userIds: [member.userId] },
        title: 'News: Fixtures',
        message: '',
        kind: 'news',
      },
      randomUUID(),
    );
    const held = await eventually(() => heldFor(subscriptionId));

    await setPreferences(member.token, (p) => (p.kinds.news.push = true));
    await held.promote();

    await drained(pushQueue());
    expect(pushesTo(id)).toHaveLength(1);
  });

  it('when an event starting within 48 hours changes, then its push goes at once in quiet hours', async () => {
    const { member, id, subscriptionId } = await quietMember();

    await h.queues.add(
      'notifications',
      eventChange(member.userId, new Date(clock.getTime() + 24 * HOUR)),
      randomUUID(),
    );

    await eventually(() => pushesTo(id).length === 1);
    expect(await heldFor(subscriptionId)).toBeUndefined();
  });

  it('when an event three days away changes, then its push is held until quiet hours end', async () => {
    const { member, id, subscriptionId } = await quietMember();

    await h.queues.add(
      'notifications',
      eventChange(member.userId, new Date(clock.getTime() + 72 * HOUR)),
      randomUUID(),
    );

    const held = await eventually(() => heldFor(subscriptionId));
    expect(await dueAt(held.id!)).toBe(quietEnd());
    expect(pushesTo(id)).toEqual([]);
    await held.remove();
  });
});
