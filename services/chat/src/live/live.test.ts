import { randomUUID } from 'node:crypto';
import {
  CHAT_CLOSE_CODES,
  NOTIFICATIONS_LIVE_CHANNEL,
  type ChatMessage,
  type ChatRoom,
  type ChatServerFrame,
} from '@teamapp/contracts';
import { SessionStore, createRedis } from '@teamapp/service-kit';
import { testRedisUrl } from '@teamapp/service-kit/testing';
import request from 'supertest';
import {
  auth,
  connect,
  createRoom,
  eventually,
  openSocket,
  sendMessage,
  startChat,
  type ChatHarness,
  type Member,
  type TestSocket,
} from '../../test/harness';

// Two chat processes on one Redis (and, on PostgreSQL, one database), as behind the gateway.
// Calls go to `a` (on PGlite each process has a database of its own); sockets open on both.
let a: ChatHarness;
let b: ChatHarness;
let admin: Member;
let player: Member;
let outsider: Member;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  a = await startChat();
  b = await startChat({ shareWith: a });
  admin = await a.memberFor('admin', 'Coach Live');
  player = await a.memberFor('player', 'Pia Live');
  outsider = await a.memberFor('player', 'Otto Outside');
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const track = (socket: TestSocket) => {
  sockets.push(socket);
  return socket;
};
const live = async (h: ChatHarness, token: string) => track(await connect(h, token));

async function ticketFor(h: ChatHarness, token: string): Promise<string> {
  const res = await request(h.server).post('/api/chat/ticket').set(auth(token));
  return res.body.data.ticket;
}

describe('POST /api/chat/ticket', () => {
  it('when a member asks, then a ticket valid for 30 seconds', async () => {
    const res = await request(a.server).post('/api/chat/ticket').set(auth(player.token));

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { ticket: expect.stringMatching(/^[\w-]{40,}$/), expiresIn: 30 },
    });
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(a.server).post('/api/chat/ticket');
    expect(res.status).toBe(401);
  });

  it('when the socket address is fetched without an upgrade, then 426', async () => {
    const res = await request(a.server).get('/api/chat/live');
    expect(res.status).toBe(426);
    expect(res.body.success).toBe(false);
  });
});

describe('the live socket across two chat processes', () => {
  it('when a message is posted through one process, then a client of the other receives it', async () => {
    const room = await createRoom(a, admin.token, { name: 'Live Room' });
    const socket = await live(b, player.token);

    const sent = await sendMessage(a, admin.token, room.id, 'Kick-off moved to 7');

    const frame = await socket.frame<{ type: 'message'; roomId: string; message: ChatMessage }>(
      (f) => f.type === 'message',
    );
    expect(frame).toEqual({
      type: 'message',
      roomId: room.id,
      message: expect.objectContaining({ id: sent.id, content: 'Kick-off moved to 7' }),
    });
    const preview = await socket.frame<{ type: 'room'; room: ChatRoom }>(
      (f) => f.type === 'room' && f.room.id === room.id && f.room.lastMessage !== null,
    );
    expect(preview.room).toMatchObject({
      unreadCount: 1,
      lastMessage: { senderName: 'Coach Live', content: 'Kick-off moved to 7' },
    });
  });

  it('when messages follow each other, then every client gets them all, in order', async () => {
    const room = await createRoom(a, admin.token);
    const onB = await live(b, player.token);
    const onA = await live(a, player.token);

    for (let i = 1; i <= 20; i++) await sendMessage(a, admin.token, room.id, `n${i}`);

    const expected = Array.from({ length: 20 }, (_, i) => `n${i + 1}`);
    for (const socket of [onA, onB]) {
      await eventually(() => socket.frames.filter((f) => f.type === 'message').length === 20);
      const contents = socket.frames.flatMap((f) =>
        f.type === 'message' ? [f.message.content] : [],
      );
      expect(contents).toEqual(expected);
    }
  });

  it('when a message is edited, then members get message-edited', async () => {
    const room = await createRoom(a, admin.token);
    const sent = await sendMessage(a, player.token, room.id, 'typo');
    const socket = await live(b, admin.token);

    await request(a.server)
      .put(`/api/chat/${room.id}/messages/${sent.id}`)
      .set(auth(player.token))
      .send({ content: 'fixed' });

    const frame = await socket.frame((f) => f.type === 'message-edited');
    expect(frame).toMatchObject({
      roomId: room.id,
      message: { id: sent.id, content: 'fixed', isEdited: true },
    });
  });

  it('when a room is created or deleted, then its members hear of it', async () => {
    const socket = await live(b, player.token);

    const room = await createRoom(a, admin.token, {
      name: 'Fresh',
      type: 'private',
      members: [player.userId],
    });
    const created = await socket.frame((f) => f.type === 'room' && f.room.id === room.id);
    await request(a.server).delete(`/api/chat/${room.id}`).set(auth(admin.token));
    const deleted = await socket.frame((f) => f.type === 'room-deleted');

    expect(created).toMatchObject({ room: { name: 'Fresh', memberCount: 2, unreadCount: 0 } });
    expect(deleted).toEqual({ type: 'room-deleted', roomId: room.id });
  });

  it('when someone is not in a private room, then its messages never reach their socket', async () => {
    const room = await createRoom(a, admin.token, { type: 'private', members: [player.userId] });
    const member = await live(b, player.token);
    const stranger = await live(b, outsider.token);

    await sendMessage(a, admin.token, room.id, 'private word');
    await member.frame((f) => f.type === 'message');
    // A later message to a room the stranger is in arrives; the private one never did.
    const open = await createRoom(a, admin.token);
    await sendMessage(a, admin.token, open.id, 'public word');
    await stranger.frame((f) => f.type === 'message');

    const seen = stranger.frames.flatMap((f) => (f.type === 'message' ? [f.message.content] : []));
    expect(seen).toEqual(['public word']);
  });

  it('when a client was away, then it catches up after ready: no gap, no duplicate', async () => {
    const room = await createRoom(a, admin.token);
    const first = await live(b, player.token);
    const seen = await sendMessage(a, admin.token, room.id, 'before the drop');
    await first.frame((f) => f.type === 'message');
    first.ws.terminate();
    await sendMessage(a, admin.token, room.id, 'while away 1');
    await sendMessage(a, admin.token, room.id, 'while away 2');

    const again = await live(a, player.token);
    const missed = await request(a.server)
      .get(`/api/chat/${room.id}/messages?after=${seen.id}`)
      .set(auth(player.token));
    await sendMessage(a, admin.token, room.id, 'after return');
    await again.frame((f) => f.type === 'message');

    const contents = [
      ...missed.body.messages.map((m: ChatMessage) => m.content),
      ...again.frames.flatMap((f) => (f.type === 'message' ? [f.message.content] : [])),
    ];
    expect(contents).toEqual(['while away 1', 'while away 2', 'after return']);
  });

  it('when a client says it read a room, then its unread count is 0', async () => {
    const room = await createRoom(a, admin.token);
    await sendMessage(a, admin.token, room.id, 'unread');
    const socket = await live(a, player.token);

    socket.ws.send(JSON.stringify({ type: 'read', roomId: room.id }));
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    await socket.frame((f) => f.type === 'pong');

    const list = await request(a.server).get('/api/chat').set(auth(player.token));
    expect(list.body.chatRooms.find((r: ChatRoom) => r.id === room.id).unreadCount).toBe(0);
  });
});

describe('notifications on the live socket', () => {
  const channel = () => `${a.prefix}${NOTIFICATIONS_LIVE_CHANNEL}`;
  const publish = async (payload: unknown) => {
    const redis = createRedis(testRedisUrl());
    await redis.publish(channel(), typeof payload === 'string' ? payload : JSON.stringify(payload));
    redis.disconnect();
  };
  const note = (title: string) => ({
    id: randomUUID(),
    title,
    message: `${title} body`,
    is_read: false,
    created_at: new Date().toISOString(),
  });

  it('when content publishes a notification, then only its recipient gets it, on every process', async () => {
    const onA = await live(a, player.token);
    const onB = await live(b, player.token);
    const other = await live(b, outsider.token);
    const notification = note('Game moved');

    await publish([{ userId: player.userId, notification, unreadCount: 4 }]);

    for (const socket of [onA, onB]) {
      expect(await socket.frame((f) => f.type === 'notification')).toEqual({
        type: 'notification',
        notification,
        unreadCount: 4,
      });
    }
    // One channel's messages reach a process in order: once a later one for the outsider is
    // there, the player's was handled on that process too.
    const later = note('For the outsider');
    await publish([{ userId: outsider.userId, notification: later, unreadCount: 1 }]);
    await other.frame((f) => f.type === 'notification');
    expect(other.frames.filter((f) => f.type === 'notification')).toEqual([
      { type: 'notification', notification: later, unreadCount: 1 },
    ]);
  });

  it('when a malformed notification is published, then it is ignored and the next one arrives', async () => {
    const socket = await live(a, player.token);

    await publish('not json');
    await publish([{ userId: player.userId, title: 'no notification field' }]);
    await publish([{ userId: player.userId, notification: note('Still here'), unreadCount: 1 }]);

    const frame = await socket.frame<Extract<ChatServerFrame, { type: 'notification' }>>(
      (f) => f.type === 'notification',
    );
    expect(frame.notification.title).toBe('Still here');
    expect(socket.frames.filter((f) => f.type === 'notification')).toHaveLength(1);
  });
});

describe('bad input on the socket', () => {
  it('when a ticket is used twice, then the second socket is closed with 4401', async () => {
    const ticket = await ticketFor(a, player.token);
    const first = track(openSocket(`${b.liveUrl}?ticket=${ticket}`));
    await first.frame((f) => f.type === 'ready');

    const second = track(openSocket(`${a.liveUrl}?ticket=${ticket}`));

    expect((await second.closed).code).toBe(CHAT_CLOSE_CODES.invalidTicket);
    expect(first.ws.readyState).toBe(first.ws.OPEN);
  });

  it('when there is no ticket or a made-up one, then 4401', async () => {
    const none = track(openSocket(a.liveUrl));
    const madeUp = track(openSocket(`${a.liveUrl}?ticket=${'x'.repeat(43)}`));
    const weird = track(openSocket(`${a.liveUrl}?ticket=${encodeURIComponent('<script>')}`));

    for (const s of [none, madeUp, weird]) {
      expect((await s.closed).code).toBe(CHAT_CLOSE_CODES.invalidTicket);
    }
  });

  it('when a frame is malformed, then that socket is closed and the others carry on', async () => {
    const room = await createRoom(a, admin.token);
    const bystander = await live(a, admin.token);
    const notJson = await live(a, player.token);
    const unknown = await live(a, player.token);
    const binary = await live(a, player.token);
    const huge = await live(a, player.token);

    notJson.ws.send('{not json');
    unknown.ws.send(JSON.stringify({ type: 'delete-everything' }));
    binary.ws.send(Buffer.from([1, 2, 3]));
    huge.ws.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(100_000) }));

    expect((await notJson.closed).code).toBe(CHAT_CLOSE_CODES.malformedFrame);
    expect((await unknown.closed).code).toBe(CHAT_CLOSE_CODES.malformedFrame);
    expect((await binary.closed).code).toBe(1003);
    expect((await huge.closed).code).toBe(1009);
    await sendMessage(a, player.token, room.id, 'still here');
    await bystander.frame((f) => f.type === 'message' && f.message.content === 'still here');
    expect((await request(a.server).get('/health')).status).toBe(200);
  });

  it('when the session behind a socket ends, then the socket is closed with 4403', async () => {
    const user = await a.memberFor('player');
    const socket = await live(b, user.token);
    const redis = createRedis(testRedisUrl());
    const sessions = new SessionStore(redis, a.prefix);
    await sessions.revokeAllFor(user.userId);

    expect((await socket.closed).code).toBe(CHAT_CLOSE_CODES.sessionEnded);
    redis.disconnect();
  });

  it('when an upgrade asks for another path, then it is refused', async () => {
    const socket = track(openSocket(a.liveUrl.replace('/live', '/elsewhere')));
    await expect(socket.opened).rejects.toThrow();
  });
});
