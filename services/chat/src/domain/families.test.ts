/**
 * Families in chat (docs/reference.md "Families"): a young player has direct conversations with
 * their guardians and other young players only (403 otherwise, on creation and on a send into
 * such a conversation from before); a child's guardians read the child's rooms, live too, but
 * write only where they are members themselves.
 */
import { randomUUID } from 'node:crypto';
import {
  CHAT_GUARDIAN_READ_ONLY,
  CHILD_DIRECT_REFUSED,
  type ChatMessage,
  type ChatServerFrame,
} from '@teamapp/contracts';
import request from 'supertest';
import {
  auth,
  connect,
  createRoom,
  familyOf,
  later,
  roomsOf,
  sendMessage,
  startChat,
  teamChanged,
  type ChatHarness,
  type Member,
  type TestSocket,
} from '../../test/harness';

let h: ChatHarness;
let admin: Member;
/** A club admin who is also one of the child's guardians. */
let adminParent: Member;
let coach: Member;
let adult: Member;
let guardian: Member;
let otherGuardian: Member;
let child: Member;
let otherChild: Member;
/** A young player who coaches a team (so they can make rooms). */
let youngCoach: Member;
let teamId: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  h = await startChat();
  admin = await h.memberFor('admin', 'Ada Admin');
  adminParent = await h.memberFor('admin', 'Amy Parent');
  coach = await h.memberFor('player', 'Cole Coach');
  adult = await h.memberFor('player', 'Abe Adult');
  guardian = await h.memberFor('player', 'Gina Guardian');
  otherGuardian = await h.memberFor('player', 'Otto Guardian');
  child = await h.memberFor('player', 'Kit Child');
  otherChild = await h.memberFor('player', 'Dot Child');
  youngCoach = await h.memberFor('player', 'Yan Young');
  teamId = randomUUID();
  // Team rooms show while the club has two or more active teams.
  await teamChanged(h, randomUUID(), 'First Team');
  await familyOf(h, coach, { teams: [{ teamId, role: 'coach' }] });
  await familyOf(h, adult, { teams: [{ teamId, role: 'player' }] });
  await familyOf(h, youngCoach, { minor: true, teams: [{ teamId, role: 'coach' }] });
  await familyOf(h, child, {
    minor: true,
    guardians: [guardian, adminParent],
    teams: [{ teamId, role: 'player' }],
  });
  await familyOf(h, otherChild, {
    minor: true,
    guardians: [otherGuardian],
    teams: [{ teamId, role: 'player' }],
  });
  await teamChanged(h, teamId, 'Under 12s');
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});
afterAll(async () => {
  await h.close();
});

const create = (member: Member, body: object) =>
  request(h.server)
    .post('/api/chat')
    .set(auth(member.token))
    .send({ name: 'Just us', type: 'private', ...body });
const send = (member: Member, roomId: string, content = 'Hello') =>
  request(h.server).post(`/api/chat/${roomId}/messages`).set(auth(member.token)).send({ content });
const read = (member: Member, roomId: string) =>
  request(h.server).get(`/api/chat/${roomId}/messages`).set(auth(member.token));
const teamRoomOf = async (member: Member) =>
  (await roomsOf(h, member)).find((r) => r.teamId === teamId && r.teamRoom);

describe('a direct conversation with a young player', () => {
  it('when an adult who is not their guardian starts one, then it is refused (403), club-wide or in a team', async () => {
    const club = await create(admin, { members: [child.userId] });
    const team = await create(coach, { members: [child.userId], teamId });

    for (const res of [club, team]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, error: CHILD_DIRECT_REFUSED });
    }
    expect((await roomsOf(h, child)).some((r) => r.type === 'private')).toBe(false);
  });

  it('when a young player starts one with an adult who is not their guardian, then it is refused the other way round too', async () => {
    const res = await create(youngCoach, { members: [adult.userId], teamId });

    expect(res.status).toBe(403);
    expect(res.body.error).toBe(CHILD_DIRECT_REFUSED);
  });

  it('when it is with their own guardian or another young player, then it is made (201)', async () => {
    const parent = await create(adminParent, { members: [child.userId] });
    const young = await create(youngCoach, { members: [child.userId], teamId });

    expect(parent.status).toBe(201);
    expect(young.status).toBe(201);
    expect(await sendMessage(h, child.token, young.body.data.id, 'Hi!')).toMatchObject({
      content: 'Hi!',
    });
  });

  it('when a private room holds more than the two of them, then it is not a direct conversation', async () => {
    const res = await create(coach, { members: [child.userId, adult.userId], teamId });

    expect(res.status).toBe(201);
  });

  it('when the members are not valid ids, then the input is refused first (400); signed out, 401', async () => {
    const bad = await create(admin, { members: ['not-an-id'] });
    const signedOut = await request(h.server)
      .post('/api/chat')
      .send({ name: 'x', type: 'private', members: [child.userId] });

    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('members must list member ids');
    expect(signedOut.status).toBe(401);
  });

  it('when one from before the rule holds a young player and an adult, then neither may send into it (403), and both still read it', async () => {
    const late = await h.memberFor('player', 'Lou Late');
    const room = await createRoom(h, admin.token, { type: 'private', members: [late.userId] });
    await sendMessage(h, admin.token, room.id, 'Before');
    await familyOf(h, late, { minor: true });

    for (const sender of [admin, late]) {
      const res = await send(sender, room.id);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(CHILD_DIRECT_REFUSED);
    }
    const page = await read(late, room.id);
    expect(page.status).toBe(200);
    expect(page.body.messages.map((m: ChatMessage) => m.content)).toEqual(['Before']);
  });

  it('when an event from before families describes the member, then they are an adult without guardians', async () => {
    const grown = await h.memberFor('player', 'Gus Grown');
    await familyOf(h, grown, { minor: true });
    expect((await create(admin, { members: [grown.userId] })).status).toBe(403);

    await h.service.deps.members.memberChanged({
      userId: grown.userId,
      kind: 'updated',
      at: later(),
      member: { name: grown.name, email: grown.email, role: 'player', profilePicture: null },
    });

    expect((await create(admin, { members: [grown.userId] })).status).toBe(201);
  });
});

describe("a child's rooms, for their guardians", () => {
  it("when a child is in a team room, then their guardian's list shows it read-only, and another child's guardian's does not", async () => {
    const room = await teamRoomOf(child);
    expect(room).toBeDefined();

    const listed = (await roomsOf(h, guardian)).find((r) => r.id === room!.id);
    expect(listed).toMatchObject({ teamRoom: true, readOnly: true, unreadCount: 0 });
    // otherChild is in the team too: their guardian reads it as well; someone else's does not.
    const stranger = await h.memberFor('player', 'Sam Stranger');
    await familyOf(h, await h.memberFor('player', 'Tia Tiny'), {
      minor: true,
      guardians: [stranger],
    });
    expect((await roomsOf(h, stranger)).some((r) => r.id === room!.id)).toBe(false);
    expect((await roomsOf(h, child)).find((r) => r.id === room!.id)?.readOnly).toBeUndefined();
  });

  it("when the guardian reads the child's team room, then they get its messages (200) but their posts are refused (403)", async () => {
    const room = (await teamRoomOf(child))!;
    await sendMessage(h, coach.token, room.id, 'Training at six');

    const page = await read(guardian, room.id);
    const post = await send(guardian, room.id);
    const marked = await request(h.server)
      .post(`/api/chat/${room.id}/read`)
      .set(auth(guardian.token));

    expect(page.status).toBe(200);
    expect(page.body.messages.map((m: ChatMessage) => m.content)).toContain('Training at six');
    expect(post.status).toBe(403);
    expect(post.body).toMatchObject({ success: false, error: CHAT_GUARDIAN_READ_ONLY });
    expect(marked.status).toBe(200);
  });

  it('when a guardian of another child (not in the room) asks, then the room is refused as to any non-member (403)', async () => {
    const stranger = await h.memberFor('player', 'Val Else');
    await familyOf(h, await h.memberFor('player', 'Ivy Else'), {
      minor: true,
      guardians: [stranger],
    });
    const room = (await teamRoomOf(child))!;

    expect((await read(stranger, room.id)).status).toBe(403);
    expect((await send(stranger, room.id)).status).toBe(403);
  });

  it("when the child has a direct conversation, then their guardian opens it read-only, and another child's guardian finds nothing (404)", async () => {
    const dm = await createRoom(h, youngCoach.token, {
      type: 'private',
      members: [child.userId],
      teamId,
      name: 'Kit and Yan',
    });
    await sendMessage(h, youngCoach.token, dm.id, 'See you at training');

    const listed = (await roomsOf(h, guardian)).find((r) => r.id === dm.id);
    const page = await read(guardian, dm.id);
    const post = await send(guardian, dm.id);
    const stranger = await read(otherGuardian, dm.id);

    expect(listed).toMatchObject({ type: 'private', readOnly: true });
    expect(page.status).toBe(200);
    expect(page.body.messages.map((m: ChatMessage) => m.content)).toEqual(['See you at training']);
    expect(post.status).toBe(403);
    expect(post.body.error).toBe(CHAT_GUARDIAN_READ_ONLY);
    expect(stranger.status).toBe(404);
  });

  it("when a message comes into the child's room, then the guardian's live socket gets it and the room, read-only", async () => {
    const room = (await teamRoomOf(child))!;
    const socket = await connect(h, guardian.token);
    sockets.push(socket);

    const sent = await sendMessage(h, coach.token, room.id, 'Bring water');

    const message = await socket.frame<Extract<ChatServerFrame, { type: 'message' }>>(
      (f) => f.type === 'message' && f.message.id === sent.id,
    );
    const frame = await socket.frame<Extract<ChatServerFrame, { type: 'room' }>>(
      (f) => f.type === 'room' && f.room.id === room.id,
    );
    expect(message.message.content).toBe('Bring water');
    expect(frame.room).toMatchObject({ readOnly: true, unreadCount: 0 });
    expect(frame.room.lastMessage?.content).toBe('Bring water');
  });

  it("when a guardian is linked, unlinked, or the child leaves the team, then the guardian's live socket adds or drops the child's rooms without a reload", async () => {
    const kid = await h.memberFor('player', 'Lou Kid');
    const parent = await h.memberFor('player', 'Pam Parent');
    await familyOf(h, kid, { minor: true, teams: [{ teamId, role: 'player' }] });
    const room = (await teamRoomOf(kid))!;
    const socket = await connect(h, parent.token);
    sockets.push(socket);

    await familyOf(h, kid, {
      minor: true,
      guardians: [parent],
      teams: [{ teamId, role: 'player' }],
    });
    const added = await socket.frame<Extract<ChatServerFrame, { type: 'room' }>>(
      (f) => f.type === 'room' && f.room.id === room.id,
    );
    expect(added.room).toMatchObject({ readOnly: true, name: room.name });

    // Each step looks only at the frames after it.
    socket.frames.splice(0);
    await familyOf(h, kid, { minor: true, guardians: [parent], teams: [] });
    await socket.frame((f) => f.type === 'room-deleted' && f.roomId === room.id);
    expect((await roomsOf(h, parent)).some((r) => r.id === room.id)).toBe(false);

    socket.frames.splice(0);
    await familyOf(h, kid, {
      minor: true,
      guardians: [parent],
      teams: [{ teamId, role: 'player' }],
    });
    await socket.frame((f) => f.type === 'room' && f.room.id === room.id);
    socket.frames.splice(0);
    await familyOf(h, kid, { minor: true, guardians: [], teams: [{ teamId, role: 'player' }] });
    await socket.frame((f) => f.type === 'room-deleted' && f.roomId === room.id);
    expect((await roomsOf(h, parent)).some((r) => r.id === room.id)).toBe(false);
  });

  it('when a guardian is unlinked but still reads the room for another child in it, then the room stays', async () => {
    const room = (await teamRoomOf(child))!;
    const parent = await h.memberFor('player', 'Ray Parent');
    const first = await h.memberFor('player', 'Fay Kid');
    const second = await h.memberFor('player', 'Sid Kid');
    for (const kid of [first, second]) {
      await familyOf(h, kid, {
        minor: true,
        guardians: [parent],
        teams: [{ teamId, role: 'player' }],
      });
    }
    const socket = await connect(h, parent.token);
    sockets.push(socket);

    await familyOf(h, first, { minor: true, guardians: [], teams: [{ teamId, role: 'player' }] });
    // The next frame the parent gets is the room's new message, not its removal.
    const sent = await sendMessage(h, coach.token, room.id, 'Still here?');
    const next = await socket.frame((f) => f.type === 'room-deleted' || f.type === 'message');
    expect(next).toMatchObject({ type: 'message', message: { id: sent.id } });
    expect((await roomsOf(h, parent)).find((r) => r.id === room.id)?.readOnly).toBe(true);
  });

  it("when the child's team is renamed, then the guardian's list shows the new name", async () => {
    const room = (await teamRoomOf(child))!;
    expect((await roomsOf(h, guardian)).find((r) => r.id === room.id)?.name).toBe('Under 12s');

    await teamChanged(h, teamId, 'Under 13s');

    expect((await roomsOf(h, guardian)).find((r) => r.id === room.id)?.name).toBe('Under 13s');
  });

  it('when the guardian is a member of the room themselves, then they write in it as any member', async () => {
    const both = await h.memberFor('player', 'Bo Both');
    await familyOf(h, both, { teams: [{ teamId, role: 'player' }] });
    const kid = await h.memberFor('player', 'Kai Kid');
    await familyOf(h, kid, { minor: true, guardians: [both], teams: [{ teamId, role: 'player' }] });
    const room = (await teamRoomOf(kid))!;

    expect((await roomsOf(h, both)).find((r) => r.id === room.id)?.readOnly).toBeUndefined();
    expect((await send(both, room.id, 'Coming!')).status).toBe(201);
  });
});
