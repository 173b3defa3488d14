/**
 * Team rooms show only while the club has two or more active teams (docs/reference.md "Teams"):
 * a club of one team is as before teams, so its team room is in no list, sends no live frame and
 * answers 404; the second team's coming shows every team room to its members live, and archiving
 * back to one team hides them again (`room-deleted`), their messages kept.
 */
import { randomUUID } from 'node:crypto';
import type { ChatRoom } from '@teamapp/contracts';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import {
  auth,
  connect,
  createRoom,
  roomsOf,
  sendMessage,
  startChat,
  teamChanged,
  teamsOf,
  type ChatHarness,
  type Member,
  type TestSocket,
} from '../../test/harness';
import { rooms } from '../db/schema';

let h: ChatHarness;
let admin: Member;
let pia: Member;
let paul: Member;
const firstTeam = randomUUID();
const secondTeam = randomUUID();
/** The first team's own room, hidden while it is the club's only team. */
let firstRoomId: string;
const sockets: TestSocket[] = [];

const teamRoomsOf = async (member: Member) =>
  (await roomsOf(h, member))
    .filter((r) => r.teamRoom)
    .map((r) => r.name)
    .sort();

async function open(member: Member) {
  const socket = await connect(h, member.token);
  sockets.push(socket);
  return socket;
}

const roomFrame = (socket: TestSocket, roomId: string) =>
  socket.frame<{ type: 'room'; room: ChatRoom }>((f) => f.type === 'room' && f.room.id === roomId);

const roomDeleted = (socket: TestSocket, roomId: string) =>
  socket.frame((f) => f.type === 'room-deleted' && f.roomId === roomId);

beforeAll(async () => {
  h = await startChat();
  admin = await h.memberFor('admin', 'Ada Admin');
  pia = await h.memberFor('player', 'Pia Player');
  paul = await h.memberFor('player', 'Paul Player');
  // The club's first team, holding every member, as auth makes it.
  await teamsOf(h, admin, [{ teamId: firstTeam, role: 'coach' }], 'admin');
  await teamsOf(h, pia, [{ teamId: firstTeam, role: 'player' }]);
  await teamsOf(h, paul, [{ teamId: firstTeam, role: 'player' }]);
  await teamChanged(h, firstTeam, 'Riverside FC');
  const [row] = await h.service.base.db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.teamId, firstTeam), eq(rooms.teamRoom, true)));
  firstRoomId = row!.id;
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});
afterAll(async () => {
  await h.close();
});

describe('a club of one team', () => {
  it('when the club has one team, then its room is in no list and reads, sends and deleting answer 404', async () => {
    expect(await roomsOf(h, admin)).toEqual([]);
    expect(await roomsOf(h, pia)).toEqual([]);

    const read = await request(h.server)
      .get(`/api/chat/${firstRoomId}/messages`)
      .set(auth(pia.token));
    const send = await request(h.server)
      .post(`/api/chat/${firstRoomId}/messages`)
      .set(auth(pia.token))
      .send({ content: 'Anyone here?', messageType: 'text' });
    const markRead = await request(h.server)
      .post(`/api/chat/${firstRoomId}/read`)
      .set(auth(pia.token));
    const remove = await request(h.server)
      .delete(`/api/chat/${firstRoomId}`)
      .set(auth(admin.token));

    expect([read.status, send.status, markRead.status, remove.status]).toEqual([
      404, 404, 404, 404,
    ]);
  });

  it('when a member joins the only team or it is renamed, then no live frame tells of its room', async () => {
    const newcomer = await h.memberFor('player', 'Nora Newcomer');
    const socket = await open(newcomer);

    await teamsOf(h, newcomer, [{ teamId: firstTeam, role: 'player' }]);
    await teamChanged(h, firstTeam, 'Riverside');
    // A club room made afterwards: its frame comes after any the changes above sent.
    const club = await createRoom(h, admin.token, { name: 'Whole Club' });
    await roomFrame(socket, club.id);

    const told = socket.frames.filter(
      (f) =>
        (f.type === 'room' && f.room.id === firstRoomId) ||
        (f.type === 'room-deleted' && f.roomId === firstRoomId),
    );
    expect(told).toEqual([]);
    expect((await roomsOf(h, newcomer)).map((r) => r.name)).toEqual(['Whole Club']);
    await teamChanged(h, firstTeam, 'Riverside FC');
  });
});

describe('the second team', () => {
  it('when a second team arrives, then both team rooms are listed for their members and their open pages are told', async () => {
    await teamsOf(h, paul, [
      { teamId: firstTeam, role: 'player' },
      { teamId: secondTeam, role: 'player' },
    ]);
    const piaSocket = await open(pia);
    const paulSocket = await open(paul);

    await teamChanged(h, secondTeam, 'Riverside U12s');

    const shown = await roomFrame(piaSocket, firstRoomId);
    expect(shown.room).toMatchObject({
      name: 'Riverside FC',
      teamId: firstTeam,
      teamRoom: true,
      unreadCount: 0,
    });
    const second = await paulSocket.frame<{ type: 'room'; room: ChatRoom }>(
      (f) => f.type === 'room' && f.room.teamId === secondTeam,
    );
    expect(second.room).toMatchObject({ name: 'Riverside U12s', teamRoom: true, memberCount: 1 });
    await roomFrame(paulSocket, firstRoomId);
    expect(await teamRoomsOf(pia)).toEqual(['Riverside FC']);
    expect(await teamRoomsOf(paul)).toEqual(['Riverside FC', 'Riverside U12s']);
    expect(await teamRoomsOf(admin)).toEqual(['Riverside FC']);
    const sent = await sendMessage(h, pia.token, firstRoomId, 'See you Saturday');
    expect(sent.content).toBe('See you Saturday');
  });

  it('when archiving leaves one team, then the remaining team room is hidden again with room-deleted, its messages kept', async () => {
    const secondRoom = (await roomsOf(h, paul)).find((r) => r.teamId === secondTeam)!;
    const piaSocket = await open(pia);
    const paulSocket = await open(paul);

    await teamChanged(h, secondTeam, 'Riverside U12s', true);

    await roomDeleted(piaSocket, firstRoomId);
    await roomDeleted(paulSocket, firstRoomId);
    await roomDeleted(paulSocket, secondRoom.id);
    expect(await teamRoomsOf(pia)).toEqual([]);
    expect(await teamRoomsOf(paul)).toEqual([]);
    const read = await request(h.server)
      .get(`/api/chat/${firstRoomId}/messages`)
      .set(auth(pia.token));
    expect(read.status).toBe(404);

    // Brought back, the second team shows the rooms again with what was said.
    await teamChanged(h, secondTeam, 'Riverside U12s', false);

    const back = await roomFrame(paulSocket, firstRoomId);
    expect(back.room.lastMessage?.content).toBe('See you Saturday');
    expect(back.room.unreadCount).toBe(1);
    expect(await teamRoomsOf(paul)).toEqual(['Riverside FC', 'Riverside U12s']);
  });
});
