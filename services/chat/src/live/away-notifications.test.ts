/**
 * A member away from chat (no live socket on any chat process) when a message comes gets one
 * bell notification per room, "New messages in {room}", through the outbox and the
 * `notifications` queue: not one per message, and again only after they have read the room.
 * Presence is shared by two chat processes on one Redis (calls go to `a`: on PGlite each process
 * has a database of its own).
 */
import type { NotificationJob } from '@teamapp/contracts';
import request from 'supertest';
import { createLogger, payloadOf } from '@teamapp/service-kit';
import {
  auth,
  connect,
  createRoom,
  eventually,
  sendMessage,
  startChat,
  type ChatHarness,
  type Member,
  type TestSocket,
} from '../../test/harness';
import { createPresence } from './presence';

let a: ChatHarness;
let b: ChatHarness;
let admin: Member;
let player: Member;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  a = await startChat();
  b = await startChat({ shareWith: a });
  admin = await a.memberFor('admin', 'Coach Away');
  player = await a.memberFor('player', 'Pat Away');
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** The notification jobs queued for this user (the relay has moved the outbox first). */
async function notesFor(userId: string): Promise<NotificationJob[]> {
  await a.service.base.relay.flush();
  const jobs = await a.queues
    .queue('notifications')
    .getJobs(['waiting', 'active', 'completed', 'delayed', 'failed']);
  return jobs
    .map((j) => payloadOf<NotificationJob>(j.data))
    .filter((n) => 'userIds' in n.audience && n.audience.userIds.includes(userId));
}

/** Waits until the shared presence says whether the user has a live socket on any process. */
async function presenceIs(userId: string, online: boolean) {
  const presence = createPresence({
    redis: a.service.base.redis,
    prefix: a.prefix,
    ttlMs: 1,
    log: createLogger('presence-test', 'silent'),
  });
  await eventually(async () => (await presence.online([userId])).has(userId) === online, {
    what: `${userId} ${online ? 'online' : 'away'}`,
  });
}

it('when a member is away, then several messages give them one notification for the room', async () => {
  const room = await createRoom(a, admin.token, { name: 'Away Room' });
  const before = (await notesFor(player.userId)).length;

  await sendMessage(a, admin.token, room.id, 'First while you were out');
  await sendMessage(a, admin.token, room.id, 'Second');
  await sendMessage(a, admin.token, room.id, 'Third');

  const notes = (await notesFor(player.userId)).slice(before);
  expect(notes).toEqual([
    {
      audience: { userIds: [player.userId] },
      title: 'New messages in Away Room',
      message: 'Coach Away: First while you were out',
      kind: 'chat',
    },
  ]);
  // The sender is never told of their own message.
  expect((await notesFor(admin.userId)).some((n) => n.title.includes('Away Room'))).toBe(false);
});

it('when the member has read the room, then the next message while away notifies again', async () => {
  const room = await createRoom(a, admin.token, { name: 'Read Room' });
  await sendMessage(a, admin.token, room.id, 'one');
  const after = async () =>
    (await notesFor(player.userId)).filter((n) => n.title === 'New messages in Read Room');
  expect(await after()).toHaveLength(1);

  const read = await request(a.server).get(`/api/chat/${room.id}/messages`).set(auth(player.token));
  expect(read.status).toBe(200);
  await sendMessage(a, admin.token, room.id, 'two');

  expect(await after()).toHaveLength(2);
});

it('when the member has a live socket on the other process, then no notification; once it closes, one', async () => {
  const room = await createRoom(a, admin.token, { name: 'Online Room' });
  const socket = await connect(b, player.token);
  sockets.push(socket);
  const forRoom = async () =>
    (await notesFor(player.userId)).filter((n) => n.title === 'New messages in Online Room');

  // The socket's process records the member as present just after it opens.
  await presenceIs(player.userId, true);
  await sendMessage(a, admin.token, room.id, 'you are here');
  await socket.frame((f) => f.type === 'message');
  expect(await forRoom()).toHaveLength(0);

  socket.ws.close();
  await socket.closed;
  await presenceIs(player.userId, false);
  await sendMessage(a, admin.token, room.id, 'now you are away');

  const notes = await forRoom();
  expect(notes).toHaveLength(1);
  expect(notes[0]!.message).toBe('Coach Away: now you are away');
});
