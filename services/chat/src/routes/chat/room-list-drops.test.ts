/**
 * Each write drops, once it has committed, the kept room lists it changes and only those: the
 * lists of the members of the room it touches, and for a member's change the lists that show that
 * member. Seen through GET /api/chat on PGlite or the PostgreSQL at DATABASE_URL.
 */
import request from 'supertest';
import {
  auth,
  createRoom,
  sendMessage,
  startChat,
  type ChatHarness,
  type Member,
} from '../../../test/harness';
import { roomListScope } from '../../domain/rooms';

let h: ChatHarness;
let admin: Member;
let inside: Member;
let outside: Member;
let roomId: string;
beforeAll(async () => {
  h = await startChat();
  admin = await h.memberFor('admin', 'Coach Drops');
  inside = await h.memberFor('player', 'Ines Inside');
  outside = await h.memberFor('player', 'Otto Outside');
  roomId = (await createRoom(h, admin.token, { type: 'private', members: [inside.userId] })).id;
});
afterAll(async () => {
  await h.close();
});

/** Reads each member's list, so each is kept. */
async function readAll() {
  for (const member of [admin, inside, outside]) {
    expect((await request(h.server).get('/api/chat').set(auth(member.token))).status).toBe(200);
  }
}

/** The members whose kept list went. */
const dropped = () =>
  [admin, inside, outside]
    .filter((m) => h.service.deps.roomLists.keptAt(roomListScope(m.userId), 'rooms') === undefined)
    .map((m) => m.name);

it('when a member writes in a private room, then only its members’ lists are dropped', async () => {
  await readAll();

  await sendMessage(h, inside.token, roomId, 'hello');

  expect(dropped()).toEqual(['Coach Drops', 'Ines Inside']);
});

it('when a member reads a room, then only their own list is dropped', async () => {
  await readAll();

  const res = await request(h.server).get(`/api/chat/${roomId}/messages`).set(auth(admin.token));

  expect(res.status).toBe(200);
  expect(dropped()).toEqual(['Coach Drops']);
});

it('when a member changes their name, then the lists showing them are dropped and no other', async () => {
  await readAll();

  await h.service.deps.members.memberChanged({
    userId: inside.userId,
    kind: 'updated',
    at: new Date().toISOString(),
    member: { name: 'Ines Renamed', email: 'ines@club.test', role: 'player', profilePicture: null },
  });

  expect(dropped()).toEqual(['Coach Drops', 'Ines Inside']);
  const rooms = (await request(h.server).get('/api/chat').set(auth(admin.token))).body
    .chatRooms as { id: string; lastMessage: { senderName: string } | null }[];
  expect(rooms.find((r) => r.id === roomId)?.lastMessage?.senderName).toBe('Ines Renamed');
});

it('when a member leaves, then the lists of the rooms they were in are dropped', async () => {
  await readAll();

  await h.service.deps.members.memberChanged({
    userId: inside.userId,
    kind: 'left',
    at: new Date(Date.now() + 1000).toISOString(),
  });

  expect(dropped()).toEqual(['Coach Drops', 'Ines Inside']);
  const rooms = (await request(h.server).get('/api/chat').set(auth(admin.token))).body
    .chatRooms as { id: string; memberCount: number }[];
  expect(rooms.find((r) => r.id === roomId)?.memberCount).toBe(1);
});
