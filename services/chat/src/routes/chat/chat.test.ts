import { randomUUID } from 'node:crypto';
import { CHAT_ROOM_CREATED, CHAT_ROOM_DELETED } from '@teamapp/contracts';
import request from 'supertest';
import {
  auth,
  createRoom,
  sendMessage,
  startChat,
  type ChatHarness,
  type Member,
} from '../../../test/harness';

let h: ChatHarness;
let admin: Member;
let player: Member;
let other: Member;
beforeAll(async () => {
  h = await startChat();
  admin = await h.memberFor('admin', 'Coach Carter');
  player = await h.memberFor('player', 'Pat Player');
  other = await h.memberFor('player', 'Olly Other');
});
afterAll(async () => {
  await h.close();
});

const get = (path: string, token: string) => request(h.server).get(path).set(auth(token));
const post = (path: string, token: string, body: object = {}) =>
  request(h.server).post(path).set(auth(token)).send(body);

describe('POST /api/chat', () => {
  it('when an admin creates a group room, then every active member is in it', async () => {
    const res = await post('/api/chat', admin.token, { name: '  First Team ', type: 'group' });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: CHAT_ROOM_CREATED,
      data: { name: 'First Team', type: 'group', description: '', lastMessage: null },
    });
    expect(res.body.data.members).toEqual(
      expect.arrayContaining([admin.userId, player.userId, other.userId]),
    );
    expect(res.body.data.memberCount).toBe(res.body.data.members.length);
  });

  it('when an admin creates a private room, then only they and the picked members are in it', async () => {
    const res = await post('/api/chat', admin.token, {
      name: 'Captains',
      description: 'Leadership group',
      type: 'private',
      members: [player.userId, admin.userId],
    });

    expect(res.status).toBe(201);
    expect(res.body.data.members.sort()).toEqual([admin.userId, player.userId].sort());
    expect(res.body.data).toMatchObject({ memberCount: 2, description: 'Leadership group' });
  });

  it('when the name is blank, then 400 naming it', async () => {
    const res = await post('/api/chat', admin.token, { name: '   ', type: 'group' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'name is required', field: 'name' });
  });

  it('when the type is unknown or a picked member is not a member, then 400', async () => {
    const badType = await post('/api/chat', admin.token, { name: 'X', type: 'secret' });
    const stranger = await post('/api/chat', admin.token, {
      name: 'X',
      type: 'private',
      members: [randomUUID()],
    });

    expect(badType.status).toBe(400);
    expect(badType.body.error).toBe('type must be group or private');
    expect(stranger.status).toBe(400);
    expect(stranger.body).toMatchObject({
      error: 'members must be active members of the club',
      field: 'members',
    });
  });

  it('when a player or nobody tries, then 403 and 401', async () => {
    const asPlayer = await post('/api/chat', player.token, { name: 'Mine' });
    const anonymous = await request(h.server).post('/api/chat').send({ name: 'Mine' });

    expect(asPlayer.status).toBe(403);
    expect(asPlayer.body.error).toBe('Access denied. You do not have permission for this action.');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('Authentication required. Please log in again.');
  });
});

describe('GET /api/chat', () => {
  it('when a member lists rooms, then they see theirs with count, preview cut to 30 and unread', async () => {
    const room = await createRoom(h, admin.token, { name: 'Preview Room' });
    const hidden = await createRoom(h, admin.token, {
      name: 'Not For Other',
      type: 'private',
      members: [player.userId],
    });
    await sendMessage(h, admin.token, room.id, 'A'.repeat(20) + ' then the rest of a long line');

    const res = await get('/api/chat', other.token);

    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const rooms = res.body.chatRooms as { id: string }[];
    expect(rooms.map((r) => r.id)).not.toContain(hidden.id);
    expect(rooms[0]).toMatchObject({
      id: room.id,
      name: 'Preview Room',
      memberCount: room.members.length,
      unreadCount: 1,
      lastMessage: { senderName: 'Coach Carter', content: 'AAAAAAAAAAAAAAAAAAAA then the ' },
    });
  });

  it('when nobody is signed in, then 401', async () => {
    expect((await request(h.server).get('/api/chat')).status).toBe(401);
  });
});

describe('DELETE /api/chat/{id}', () => {
  it('when an admin deletes a room, then it and its messages are gone', async () => {
    const room = await createRoom(h, admin.token, { name: 'Short Lived' });
    await sendMessage(h, admin.token, room.id, 'bye');

    const res = await request(h.server).delete(`/api/chat/${room.id}`).set(auth(admin.token));

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: CHAT_ROOM_DELETED });
    expect((await get(`/api/chat/${room.id}/messages`, admin.token)).status).toBe(404);
    const again = await request(h.server).delete(`/api/chat/${room.id}`).set(auth(admin.token));
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('Resource not found.');
  });

  it('when the id is malformed, then 400; a player, 403; nobody, 401', async () => {
    const room = await createRoom(h, admin.token);
    const malformed = await request(h.server).delete('/api/chat/nope').set(auth(admin.token));
    const asPlayer = await request(h.server).delete(`/api/chat/${room.id}`).set(auth(player.token));
    const anonymous = await request(h.server).delete(`/api/chat/${room.id}`);

    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('id must be a valid identifier');
    expect(asPlayer.status).toBe(403);
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /api/chat/{id}/messages', () => {
  it('when a member opens a room, then the newest 50 oldest first, and the room is read', async () => {
    const room = await createRoom(h, admin.token, { name: 'Busy' });
    for (let i = 1; i <= 55; i++) await sendMessage(h, admin.token, room.id, `message ${i}`);

    const res = await get(`/api/chat/${room.id}/messages`, player.token);

    expect(res.status).toBe(200);
    expect(res.body.hasMore).toBe(true);
    expect(res.body.messages).toHaveLength(50);
    expect(res.body.messages[0]).toMatchObject({ content: 'message 6' });
    expect(res.body.messages[49]).toEqual({
      id: expect.any(String),
      roomId: room.id,
      senderId: admin.userId,
      senderName: 'Coach Carter',
      content: 'message 55',
      messageType: 'text',
      createdAt: expect.any(String),
      isEdited: false,
      clientId: null,
    });
    const list = await get('/api/chat', player.token);
    const busy = list.body.chatRooms.find((r: { id: string }) => r.id === room.id);
    expect(busy.unreadCount).toBe(0);
  });

  it('when paging back with before, then the older ones follow without gap or overlap', async () => {
    const room = await createRoom(h, admin.token, { name: 'Paging' });
    const sent: string[] = [];
    for (let i = 1; i <= 12; i++)
      sent.push((await sendMessage(h, admin.token, room.id, `m${i}`)).id);

    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const res = await get(
        `/api/chat/${room.id}/messages?limit=5${before ? `&before=${before}` : ''}`,
        player.token,
      );
      expect(res.status).toBe(200);
      seen.unshift(...res.body.messages.map((m: { id: string }) => m.id));
      if (!res.body.hasMore) break;
      before = res.body.messages[0].id;
    }

    expect(seen).toEqual(sent);
  });

  it('when catching up with after, then only the newer ones, oldest first', async () => {
    const room = await createRoom(h, admin.token, { name: 'Catch Up' });
    const first = await sendMessage(h, admin.token, room.id, 'seen');
    await sendMessage(h, player.token, room.id, 'missed 1');
    await sendMessage(h, admin.token, room.id, 'missed 2');

    const res = await get(`/api/chat/${room.id}/messages?after=${first.id}`, player.token);

    expect(res.body.messages.map((m: { content: string }) => m.content)).toEqual([
      'missed 1',
      'missed 2',
    ]);
    expect(res.body.hasMore).toBe(false);
  });

  it('when the cursor or limit is bad, then 400', async () => {
    const room = await createRoom(h, admin.token);
    const foreign = await createRoom(h, admin.token);
    const elsewhere = await sendMessage(h, admin.token, foreign.id, 'elsewhere');

    const badLimit = await get(`/api/chat/${room.id}/messages?limit=500`, player.token);
    const badCursor = await get(`/api/chat/${room.id}/messages?before=abc`, player.token);
    const otherRoom = await get(
      `/api/chat/${room.id}/messages?before=${elsewhere.id}`,
      player.token,
    );
    const badId = await get('/api/chat/abc/messages', player.token);

    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error).toBe('limit must be a whole number from 1 to 100');
    expect(badCursor.status).toBe(400);
    expect(otherRoom.status).toBe(400);
    expect(otherRoom.body.error).toBe('before must be the id of a message in this room');
    expect(badId.status).toBe(400);
  });

  it('when the room is private and the caller not in it, then 404; unknown, 404; nobody, 401', async () => {
    const room = await createRoom(h, admin.token, { type: 'private', members: [player.userId] });

    const outsider = await get(`/api/chat/${room.id}/messages`, other.token);
    const unknown = await get(`/api/chat/${randomUUID()}/messages`, player.token);
    const anonymous = await request(h.server).get(`/api/chat/${room.id}/messages`);

    expect(outsider.status).toBe(404);
    expect(outsider.body.error).toBe('Resource not found.');
    expect(unknown.status).toBe(404);
    expect(anonymous.status).toBe(401);
  });

  it('when a group room does not have the caller, then 403', async () => {
    const room = await createRoom(h, admin.token);
    const latecomer = await h.userFor('player');

    const res = await get(`/api/chat/${room.id}/messages`, latecomer.token);

    expect(res.status).toBe(403);
  });
});

describe('POST /api/chat/{id}/messages', () => {
  it('when a member sends, then 201 with the message, trimmed', async () => {
    const room = await createRoom(h, admin.token);

    const res = await post(`/api/chat/${room.id}/messages`, player.token, {
      content: '  See you at training\n',
      messageType: 'text',
    });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: {
        roomId: room.id,
        senderId: player.userId,
        senderName: 'Pat Player',
        content: 'See you at training',
        messageType: 'text',
        isEdited: false,
      },
    });
  });

  it('when the same clientId is sent twice, then one message, the same answer both times', async () => {
    const room = await createRoom(h, admin.token);
    const clientId = randomUUID();
    const body = { content: 'only once', messageType: 'text', clientId };

    const first = await post(`/api/chat/${room.id}/messages`, player.token, body);
    const second = await post(`/api/chat/${room.id}/messages`, player.token, body);
    const [third, fourth] = await Promise.all([
      post(`/api/chat/${room.id}/messages`, player.token, { ...body, clientId: clientId }),
      post(`/api/chat/${room.id}/messages`, player.token, body),
    ]);

    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.message).toEqual(first.body.message);
    expect(third.body.message.id).toBe(first.body.message.id);
    expect(fourth.body.message.id).toBe(first.body.message.id);
    const list = await get(`/api/chat/${room.id}/messages`, player.token);
    expect(list.body.messages).toHaveLength(1);
    expect(list.body.messages[0].clientId).toBe(clientId);
  });

  it('when two members race with one clientId each, then both are stored', async () => {
    const room = await createRoom(h, admin.token);
    const clientId = randomUUID();
    await Promise.all(
      [player, other].map((m) =>
        post(`/api/chat/${room.id}/messages`, m.token, { content: 'hi', clientId }),
      ),
    );
    const list = await get(`/api/chat/${room.id}/messages`, player.token);
    expect(list.body.messages).toHaveLength(2);
  });

  it('when the content is blank, too long, or the type or clientId wrong, then 400', async () => {
    const room = await createRoom(h, admin.token);
    const send = (body: object) => post(`/api/chat/${room.id}/messages`, player.token, body);

    const blank = await send({ content: ' \n\t ' });
    const missing = await send({});
    const long = await send({ content: 'x'.repeat(4001) });
    const justRight = await send({ content: 'x'.repeat(4000) });
    const image = await send({ content: 'hi', messageType: 'image' });
    const badClient = await send({ content: 'hi', clientId: 'abc' });

    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('content is required');
    expect(missing.status).toBe(400);
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('content must be at most 4000 characters');
    expect(justRight.status).toBe(201);
    expect(image.status).toBe(400);
    expect(image.body.error).toBe('messageType must be text');
    expect(badClient.status).toBe(400);
  });

  it('when the caller is not in the private room, then 404; unknown room, 404; nobody, 401', async () => {
    const room = await createRoom(h, admin.token, { type: 'private', members: [player.userId] });

    const outsider = await post(`/api/chat/${room.id}/messages`, other.token, { content: 'hi' });
    const unknown = await post(`/api/chat/${randomUUID()}/messages`, player.token, {
      content: 'hi',
    });
    const anonymous = await request(h.server)
      .post(`/api/chat/${room.id}/messages`)
      .send({ content: 'hi' });

    expect(outsider.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(anonymous.status).toBe(401);
    const list = await get(`/api/chat/${room.id}/messages`, player.token);
    expect(list.body.messages).toHaveLength(0);
  });
});

describe('PUT /api/chat/{id}/messages/{messageId}', () => {
  it('when the sender edits, then the content changes and it is marked edited', async () => {
    const room = await createRoom(h, admin.token);
    const sent = await sendMessage(h, player.token, room.id, 'traning at 6');

    const res = await request(h.server)
      .put(`/api/chat/${room.id}/messages/${sent.id}`)
      .set(auth(player.token))
      .send({ content: 'training at 6' });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: { id: sent.id, content: 'training at 6', isEdited: true },
    });
    const list = await get(`/api/chat/${room.id}/messages`, admin.token);
    expect(list.body.messages[0]).toMatchObject({ content: 'training at 6', isEdited: true });
  });

  it("when someone else's message is edited, then 403, even by an admin", async () => {
    const room = await createRoom(h, admin.token);
    const sent = await sendMessage(h, player.token, room.id, 'mine');

    const res = await request(h.server)
      .put(`/api/chat/${room.id}/messages/${sent.id}`)
      .set(auth(admin.token))
      .send({ content: 'not yours' });

    expect(res.status).toBe(403);
    expect(res.body.error).toBe('You can only edit your own messages');
  });

  it('when the content is blank, then 400; unknown message, 404; nobody, 401', async () => {
    const room = await createRoom(h, admin.token);
    const sent = await sendMessage(h, player.token, room.id, 'mine');
    const put = (path: string, token?: string) => {
      const req = request(h.server).put(path);
      return (token ? req.set(auth(token)) : req).send({ content: '  ' });
    };

    const blank = await put(`/api/chat/${room.id}/messages/${sent.id}`, player.token);
    const unknown = await request(h.server)
      .put(`/api/chat/${room.id}/messages/${randomUUID()}`)
      .set(auth(player.token))
      .send({ content: 'x' });
    const anonymous = await put(`/api/chat/${room.id}/messages/${sent.id}`);

    expect(blank.status).toBe(400);
    expect(unknown.status).toBe(404);
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/chat/{id}/read', () => {
  it('when a member reads a room, then its unread count is 0', async () => {
    const room = await createRoom(h, admin.token);
    await sendMessage(h, admin.token, room.id, 'one');
    await sendMessage(h, admin.token, room.id, 'two');
    const unread = async () =>
      (await get('/api/chat', player.token)).body.chatRooms.find(
        (r: { id: string }) => r.id === room.id,
      ).unreadCount;
    expect(await unread()).toBe(2);

    const res = await post(`/api/chat/${room.id}/read`, player.token);

    expect(res.status).toBe(200);
    expect(await unread()).toBe(0);
  });

  it('when the id is bad, then 400; nobody, 401', async () => {
    expect((await post('/api/chat/x/read', player.token)).status).toBe(400);
    expect((await request(h.server).post(`/api/chat/${randomUUID()}/read`)).status).toBe(401);
  });
});
