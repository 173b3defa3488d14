/**
 * Push on the members' devices through the real app, database, queues and a push service on this
 * machine (test/push-receiver.ts, which checks VAPID and decrypts each payload with the
 * subscription's keys): the VAPID key, subscribing and unsubscribing a device, the preferences,
 * and the pushes the notifications pipeline sends as those preferences allow (reference §7).
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  PUSH_ENDPOINT_NOT_ALLOWED,
  PUSH_SUBSCRIPTION_NOT_FOUND,
  type NotificationJob,
  type NotificationPreferences,
} from '@teamapp/contracts';
import { drained } from '@teamapp/service-kit/testing';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { eventually, startContent, type ContentHarness } from '../../../test/harness';
import { auth, newsMemberFor, type NewsMember } from '../../../test/news-members';
import { startPushReceiver, type PushReceiver } from '../../../test/push-receiver';
import { DEFAULT_PUSH_ORIGINS } from '../../config';
import { pushSubscriptions } from '../../db/schema';
import { createTeamsRepo } from '../../db/teams.repo';

const ONE_TEAM = randomUUID();
const PUSH = '/api/notifications/push-subscriptions';
const PREFERENCES = '/api/notifications/preferences';

let h: ContentHarness;
let receiver: PushReceiver;
let admin: NewsMember;
beforeAll(async () => {
  receiver = await startPushReceiver();
  h = await startContent({
    env: { PUSH_ALLOWED_ORIGINS: `${DEFAULT_PUSH_ORIGINS},${receiver.origin}` },
  });
  h.defer(() => receiver.close());
  await createTeamsRepo(h.service.base.db).apply({
    teamId: ONE_TEAM,
    at: new Date().toISOString(),
    team: { name: 'Harbour FC', colour: '#1864ab', public: true, archived: false },
  });
  admin = await memberFor('admin');
});
afterEach(() => {
  expect(receiver.refused).toEqual([]);
});
afterAll(async () => {
  await h.close();
});

const memberFor = (role: 'admin' | 'player' = 'player') =>
  newsMemberFor(h, role, `Member ${randomUUID().slice(0, 6)}`, [
    { teamId: ONE_TEAM, role: role === 'admin' ? 'coach' : 'player' },
  ]);

/** A member with push turned on for one new device; the device's subscription. */
async function subscribed(member?: NewsMember) {
  const who = member ?? (await memberFor());
  const device = receiver.subscribe();
  const res = await request(h.server).post(PUSH).set(auth(who.token)).send(device);
  expect(res.status).toBe(201);
  return { member: who, device, id: device.endpoint.split('/').pop()! };
}

const pushesTo = (id: string) => receiver.received.filter((p) => p.subscription === id);

async function setPreferences(token: string, change: (p: NotificationPreferences) => void) {
  const preferences = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  change(preferences);
  const res = await request(h.server).put(PREFERENCES).set(auth(token)).send(preferences);
  expect(res.status).toBe(200);
}

/** A notification job as the other services queue them, delivered by the real consumer. */
const queueNotification = (job: NotificationJob) =>
  h.queues.add('notifications', job, randomUUID());

async function titlesOf(token: string): Promise<string[]> {
  const res = await request(h.server).get('/api/notifications').set(auth(token));
  return (res.body.data as { title: string }[]).map((n) => n.title);
}

/** Every push queued so far has been handled (sent, dropped or failed). */
async function pushesSettled() {
  await h.service.base.relay.flush();
  await drained(h.service.base.queues.queue('push'));
}

describe('the VAPID key', () => {
  it('when a member asks, then the public key comes back', async () => {
    const { token } = await memberFor();
    const res = await request(h.server).get('/api/notifications/push-key').set(auth(token));
    expect(res.status).toBe(200);
    expect(res.body.data.publicKey).toMatch(/^[\w-]{87}$/);
  });

  it.each([
    ['get', '/api/notifications/push-key'],
    ['post', PUSH],
    ['delete', PUSH],
    ['get', PREFERENCES],
    ['put', PREFERENCES],
  ] as const)('when nobody is signed in, then %s %s is 401', async (method, path) => {
    const agent = request(h.server);
    const res = await agent[method](path).send({});
    expect(res.status).toBe(401);
  });
});

describe('push subscriptions', () => {
  it('when a device subscribes, then it is stored once, and posting it again replaces its keys', async () => {
    const { member, device } = await subscribed();
    const fresh = receiver.subscribe();
    const again = { endpoint: device.endpoint, keys: fresh.keys };

    const res = await request(h.server).post(PUSH).set(auth(member.token)).send(again);

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, data: { endpoint: device.endpoint } });
    const rows = await h.service.base.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: member.userId, p256dh: fresh.keys.p256dh });
  });

  it.each([
    'https://push.example.org/send/abc',
    'http://169.254.169.254/latest/meta-data',
    'http://127.0.0.1:9/push/abc',
    'https://fcm.googleapis.com.evil.example/fcm/send/abc',
    'https://user:pw@fcm.googleapis.com/fcm/send/abc',
    'https://notify.windows.com/w/abc',
  ])('when the endpoint is %s, then 400: not a push service', async (endpoint) => {
    const { token } = await memberFor();
    const res = await request(h.server)
      .post(PUSH)
      .set(auth(token))
      .send({ ...receiver.subscribe(), endpoint });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(PUSH_ENDPOINT_NOT_ALLOWED);
    expect(res.body.field).toBe('endpoint');
  });

  it('when the endpoint is on a listed push service (a wildcard host included), then it is taken', async () => {
    const { token } = await memberFor();
    for (const endpoint of [
      `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
      `https://db5p.notify.windows.com/w/?token=${randomUUID()}`,
    ]) {
      const res = await request(h.server)
        .post(PUSH)
        .set(auth(token))
        .send({ ...receiver.subscribe(), endpoint });
      expect(res.status).toBe(201);
    }
  });

  it.each([
    [{ keys: { p256dh: 'short', auth: 'AAAAAAAAAAAAAAAAAAAAAA' } }, 'keys.p256dh'],
    [{ keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } }, 'keys.p256dh'],
    [{ keys: { auth: 'AAAAAAAAAAAAAAAAAAAAAA' } }, 'keys.p256dh'],
    [{ keys: { p256dh: 'x'.repeat(87), auth: 'too-short' } }, 'keys.auth'],
    [{ keys: undefined }, 'keys'],
    [{ endpoint: undefined }, 'endpoint'],
    [{ endpoint: 'not a url' }, 'endpoint'],
  ])('when the subscription is %j, then 400 naming %s', async (change, field) => {
    const { token } = await memberFor();
    const res = await request(h.server)
      .post(PUSH)
      .set(auth(token))
      .send({ ...receiver.subscribe(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(field);
  });

  it("when another member deletes a device's endpoint, then 404 and the device keeps its pushes", async () => {
    const { member, device, id } = await subscribed();
    const other = await memberFor();

    const res = await request(h.server)
      .delete(PUSH)
      .set(auth(other.token))
      .send({ endpoint: device.endpoint });

    expect(res.status).toBe(404);
    expect(res.body.error).toBe(PUSH_SUBSCRIPTION_NOT_FOUND);
    await queueNotification({
      audience: { userIds: [member.userId] },
      title: 'Still here',
      message: 'x',
      kind: 'chat',
    });
    await eventually(() => pushesTo(id).length === 1);
  });

  it('when the member turns push off for the device, then nothing more is pushed to it', async () => {
    const { member, device, id } = await subscribed();

    const res = await request(h.server)
      .delete(PUSH)
      .set(auth(member.token))
      .send({ endpoint: device.endpoint });

    expect(res.status).toBe(200);
    await queueNotification({
      audience: { userIds: [member.userId] },
      title: 'Gone quiet',
      message: 'x',
      kind: 'chat',
    });
    await eventually(async () => (await titlesOf(member.token)).includes('Gone quiet'));
    await pushesSettled();
    expect(pushesTo(id)).toEqual([]);
  });

  it('when the DELETE names no endpoint, then 400 naming endpoint', async () => {
    const { token } = await memberFor();
    const res = await request(h.server).delete(PUSH).set(auth(token)).send({});
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('endpoint');
  });
});

describe('notification preferences', () => {
  it('when a new member reads them, then the defaults come back', async () => {
    const { token } = await memberFor();
    const res = await request(h.server).get(PREFERENCES).set(auth(token));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(res.body.data.kinds.reminders).toEqual({ inApp: true, mail: true, push: true });
    expect(res.body.data.kinds.chat).toMatchObject({ inApp: true, push: true });
  });

  it('when a member sets them, then they read back as set', async () => {
    const { token } = await memberFor();
    const chosen = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    chosen.kinds.news = { inApp: false, mail: true, push: true };
    chosen.quietHours = { start: '22:00', end: '07:30' };
    chosen.digest = true;

    const put = await request(h.server).put(PREFERENCES).set(auth(token)).send(chosen);
    const res = await request(h.server).get(PREFERENCES).set(auth(token));

    expect(put.status).toBe(200);
    expect(put.body.data).toEqual(chosen);
    expect(res.body.data).toEqual(chosen);
  });

  type Loose = {
    kinds: Record<string, Record<string, unknown> | undefined>;
    quietHours?: unknown;
    digest?: unknown;
  };
  type Spoil = (p: Loose) => unknown;
  it.each<[string, Spoil]>([
    ['quietHours.start', (p) => (p.quietHours = { start: '25:00', end: '07:00' })],
    ['quietHours.end', (p) => (p.quietHours = { start: '22:00', end: '7am' })],
    ['quietHours', (p) => (p.quietHours = '22:00-07:00')],
    ['kinds.chat.push', (p) => (p.kinds.chat!.push = 'yes')],
    ['kinds.tasks', (p) => delete p.kinds.tasks],
    ['kind sport', (p) => (p.kinds.sport = p.kinds.news)],
    ['digest', (p) => delete p.digest],
  ])('when %s is wrong, then 400 naming it', async (field, spoil) => {
    const { token } = await memberFor();
    const body: Loose = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    spoil(body);
    const res = await request(h.server).put(PREFERENCES).set(auth(token)).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(field);
  });
});

describe('pushes from the notifications pipeline', () => {
  it('when an admin posts news for members who turned news pushes on, then each device gets it with its title, decrypted', async () => {
    const { member, id } = await subscribed();
    await setPreferences(member.token, (p) => (p.kinds.news.push = true));
    const title = `Kit day ${randomUUID().slice(0, 8)}`;

    const res = await request(h.server)
      .post('/api/news')
      .set(auth(admin.token))
      .send({ title, content: 'Bring your old boots.' });

    expect(res.status).toBe(201);
    const [push] = await eventually(() => pushesTo(id).length > 0 && pushesTo(id));
    expect(push!.payload).toEqual({
      title: `News: ${title}`,
      body: 'Bring your old boots.',
      kind: 'news',
      url: '/news',
      tag: expect.any(String),
      actions: [],
    });
    expect(push!.ttl).toBe(86400);
    const key = await request(h.server).get('/api/notifications/push-key').set(auth(member.token));
    expect(push!.vapidKey).toBe(key.body.data.publicKey);
  });

  it("when an event changes, then every device of each member told is pushed; a reminder carries Going and Can't Go", async () => {
    const { member, id } = await subscribed();
    const second = await subscribed(member);
    const eventId = randomUUID();

    await queueNotification({
      audience: { userIds: [member.userId] },
      title: 'Event changed: Training',
      message: 'Now Tuesday at 6:00 PM at North Field',
      kind: 'events',
    });
    await queueNotification({
      audience: { userIds: [member.userId] },
      title: 'Reminder: Training',
      message: 'Tuesday at 6:00 PM at North Field.',
      kind: 'reminders',
      eventId,
    });

    for (const device of [id, second.id]) {
      await eventually(() => pushesTo(device).length === 2);
      const change = pushesTo(device).find(
        (p) => (p.payload as { kind: string }).kind === 'events',
      )!;
      expect(change.payload).toMatchObject({
        title: 'Event changed: Training',
        body: 'Now Tuesday at 6:00 PM at North Field',
        url: '/schedule',
        actions: [],
      });
      const reminder = pushesTo(device).find(
        (p) => (p.payload as { kind: string }).kind === 'reminders',
      )!;
      expect(reminder.payload).toMatchObject({
        title: 'Reminder: Training',
        eventId,
        actions: [
          { action: 'going', title: 'Going' },
          { action: 'not-going', title: "Can't Go" },
        ],
      });
      expect(reminder.urgency).toBe('high');
    }
  });

  it('when a kind is turned off for push, then it reaches nobody by push, and still reaches the bell', async () => {
    const off = await subscribed();
    const on = await subscribed();
    await setPreferences(off.member.token, (p) => (p.kinds.tasks.push = false));

    await queueNotification({
      audience: { userIds: [off.member.userId, on.member.userId] },
      title: 'Task assigned to you: Line the pitch',
      message: 'No due date.',
      kind: 'tasks',
    });

    await eventually(() => pushesTo(on.id).length === 1);
    await eventually(async () =>
      (await titlesOf(off.member.token)).includes('Task assigned to you: Line the pitch'),
    );
    await pushesSettled();
    expect(pushesTo(off.id)).toEqual([]);
  });

  it('when a kind is turned off in the app, then it is pushed but never reaches the bell', async () => {
    const { member, id } = await subscribed();
    await setPreferences(member.token, (p) => (p.kinds.chat.inApp = false));

    await queueNotification({
      audience: { userIds: [member.userId] },
      title: 'New message in Harbour FC',
      message: 'Sam: see you there',
      kind: 'chat',
    });

    await eventually(() => pushesTo(id).length === 1);
    expect(await titlesOf(member.token)).toEqual([]);
    const count = await request(h.server)
      .get('/api/notifications/unread-count')
      .set(auth(member.token));
    expect(count.body.data.count).toBe(0);
  });

  it('when a notification has no kind (an account notice), then it reaches the bell and no device', async () => {
    const { member, id } = await subscribed();

    await queueNotification({
      audience: { userIds: [member.userId] },
      title: 'Your password was changed',
      message: 'x',
    });

    await eventually(async () =>
      (await titlesOf(member.token)).includes('Your password was changed'),
    );
    await pushesSettled();
    expect(pushesTo(id)).toEqual([]);
  });

  it('when a member leaves the club, then their devices are forgotten', async () => {
    const { member, device } = await subscribed();

    await h.service.deps.notifications.memberChanged({
      userId: member.userId,
      kind: 'left',
      at: new Date(Date.now() + 1000).toISOString(),
    });

    const rows = await h.service.base.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(rows).toEqual([]);
  });

  it('when the push service answers 410 (the subscription expired), then the subscription is dropped', async () => {
    const { member, device } = await subscribed();
    receiver.answer(device.endpoint, 410);

    await queueNotification({
      audience: { userIds: [member.userId] },
      title: 'New message in Harbour FC',
      message: 'x',
      kind: 'chat',
    });

    await eventually(async () => {
      const rows = await h.service.base.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, device.endpoint));
      return rows.length === 0;
    });
  });
});
