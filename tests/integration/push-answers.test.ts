/**
 * A reminder's push answers without the app (reference §2, §7), across events and content on one
 * Redis prefix: the events service's reminder carries each member's signed Going and Can't Go
 * links in its notification job, content's push consumer puts them on the push's actions (as the
 * push service on this machine decrypts it), and POSTing a link, as the service worker does with
 * no session, records the answer once. No log line of either service carries a link.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PushPayload } from '@teamapp/contracts';
import { drained, testRedisPrefix } from '@teamapp/service-kit/testing';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { startContent, type ContentHarness } from '../../services/content/test/harness';
import { auth, memberEvent, newsMemberFor } from '../../services/content/test/news-members';
import { startPushReceiver, type PushReceiver } from '../../services/content/test/push-receiver';
import { DEFAULT_PUSH_ORIGINS } from '../../services/content/src/config';
import { rsvps } from '../../services/events/src/db/schema';
import {
  clubDateTime,
  createEvent,
  eventually,
  startEvents,
  type EventsHarness,
} from '../../services/events/test/harness';

let receiver: PushReceiver;
let content: ContentHarness;
let events: EventsHarness;
let logDir: string;

beforeAll(async () => {
  const prefix = testRedisPrefix();
  logDir = await mkdtemp(path.join(os.tmpdir(), 'teamapp-push-answers-'));
  receiver = await startPushReceiver();
  content = await startContent({
    prefix,
    env: {
      PUSH_ALLOWED_ORIGINS: `${DEFAULT_PUSH_ORIGINS},${receiver.origin}`,
      LOG_LEVEL: 'debug',
      LOG_FILE: path.join(logDir, 'content.log'),
    },
  });
  content.defer(() => receiver.close());
  events = await startEvents({
    env: { REDIS_PREFIX: prefix, LOG_LEVEL: 'debug', LOG_FILE: path.join(logDir, 'events.log') },
  });
});
afterEach(() => {
  expect(receiver.refused).toEqual([]);
});
afterAll(async () => {
  await events?.close();
  await content?.close();
});

/**
 * A member both services know (as after auth's `joined` event). Tokens come from content's
 * harness, whose prefix both services use (the events harness mints on a prefix of its own).
 */
async function memberOfBoth(role: 'admin' | 'player', name: string) {
  const member = await newsMemberFor(content, role, name, []);
  await events.service.deps.members.memberChanged(memberEvent(member, role, [], 0, 'joined'));
  return member;
}

/** A player both services know, with push on one device. */
async function subscribedPlayer(name: string) {
  const player = await memberOfBoth('player', name);
  const device = receiver.subscribe();
  const res = await request(content.server)
    .post('/api/notifications/push-subscriptions')
    .set(auth(player.token))
    .send(device);
  expect(res.status).toBe(201);
  return { ...player, device: device.endpoint.split('/').pop()! };
}

async function answersOf(userId: string, eventId: string) {
  return events.service.base.db
    .select()
    .from(rsvps)
    .where(and(eq(rsvps.userId, userId), eq(rsvps.eventId, eventId)));
}

it("when a reminder goes out, then its push offers Going and Can't Go with the member's own links, and POSTing one records the answer once", async () => {
  const admin = await memberOfBoth('admin', 'Casey Coach');
  const pat = await subscribedPlayer('Pat Push');
  const sam = await subscribedPlayer('Sam Push');
  const [event] = await createEvent(events, admin.token, {
    title: 'Push Derby',
    eventDate: clubDateTime(2),
  });

  const reminded = await events.service.deps.reminders.send({
    eventId: event!.id,
    step: '24h',
    startsAt: event!.event_date,
  });
  expect(reminded).toBeGreaterThanOrEqual(2);
  await events.service.base.relay.flush();

  // The new event's push comes first; the reminder's is the one to answer from.
  const pushOf = async (device: string) => {
    const [push] = await eventually(() => {
      const reminders = receiver.received
        .filter((p) => p.subscription === device)
        .map((p) => p.payload as PushPayload)
        .filter((p) => p.kind === 'reminders');
      return reminders.length > 0 && reminders;
    });
    return push!;
  };
  const link = (userId: string, answer: string) =>
    expect.stringMatching(
      new RegExp(`^/api/events/answer/${userId}\\.${event!.id}\\.${answer}\\.\\d+\\.[\\w-]{43}$`),
    );
  const patPush = await pushOf(pat.device);
  expect(patPush).toEqual({
    title: 'Reminder: Push Derby',
    body: expect.stringContaining('Let your team know whether you are going.'),
    kind: 'reminders',
    url: '/schedule',
    tag: expect.any(String),
    eventId: event!.id,
    actions: [
      { action: 'going', title: 'Going', url: link(pat.userId, 'attending') },
      { action: 'not-going', title: "Can't Go", url: link(pat.userId, 'not-attending') },
    ],
  });
  // Each member's push carries their own links only.
  const samPush = await pushOf(sam.device);
  expect(samPush.actions.map((a) => a.url)).toEqual([
    link(sam.userId, 'attending'),
    link(sam.userId, 'not-attending'),
  ]);

  // The worker's POST: no session, no cookie, any Accept.
  const going = patPush.actions[0]!.url!;
  const first = await request(events.server).post(going).set('Accept', '*/*');
  expect(first.status).toBe(200);
  expect(await answersOf(pat.userId, event!.id)).toEqual([
    expect.objectContaining({ status: 'attending' }),
  ]);
  const again = await request(events.server).post(going).set('Accept', '*/*');
  expect(again.status).toBe(200);
  expect(await answersOf(pat.userId, event!.id)).toEqual([
    expect.objectContaining({ status: 'attending' }),
  ]);

  // Sam can't go: their own link answers for them, not for Pat.
  const cant = await request(events.server).post(samPush.actions[1]!.url!).set('Accept', '*/*');
  expect(cant.status).toBe(200);
  expect((await answersOf(sam.userId, event!.id)).map((r) => r.status)).toEqual(['not-attending']);
  expect((await answersOf(pat.userId, event!.id)).map((r) => r.status)).toEqual(['attending']);

  // An altered link answers nothing.
  const altered = going.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
  expect((await request(events.server).post(altered).set('Accept', '*/*')).status).toBe(400);

  // Neither service wrote a link into its log, queued jobs included.
  await drained(content.service.base.queues.queue('push'));
  const logs = (
    await Promise.all(
      ['content.log', 'events.log'].map((f) => readFile(path.join(logDir, f), 'utf8')),
    )
  ).join('\n');
  expect(logs).toContain('/api/events/answer/[redacted]');
  for (const action of [...patPush.actions, ...samPush.actions]) {
    const signature = action.url!.split('.').pop()!;
    expect(logs).not.toContain(signature);
  }
});
