/**
 * Each team's own room (docs/reference.md "Teams"): made when the team is first heard of, with
 * its members; who is in it follows the member events' teams at once and live; renamed with the
 * team, hidden while it is archived (messages kept); never deleted or made by hand. And rooms of
 * a team made by its coach or a club admin, among the team's members only.
 */
import { randomUUID } from 'node:crypto';
import {
  CHAT_MEMBERS_NOT_IN_TEAM,
  CHAT_TEAM_ROOM_FIXED,
  TEAM_COACH_ONLY,
  TEAM_COLOURS,
  TEAM_NOT_FOUND,
  type ChatRoom,
} from '@teamapp/contracts';
import request from 'supertest';
import {
  auth,
  connect,
  eventually,
  later,
  roomsOf,
  sendMessage,
  startChat,
  teamChanged,
  teamsOf,
  type ChatHarness,
  type Member,
  type TestSocket,
} from '../../test/harness';

let h: ChatHarness;
let admin: Member;
let coach: Member;
let player: Member;
let outsider: Member;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  h = await startChat();
  admin = await h.memberFor('admin', 'Ada Admin');
  coach = await h.memberFor('player', 'Cole Coach');
  player = await h.memberFor('player', 'Pip Player');
  outsider = await h.memberFor('player', 'Oona Outside');
  // Team rooms show while the club has two or more active teams (single-team-rooms.test.ts):
  // the club has a team before these tests make theirs.
  await teamChanged(h, randomUUID(), 'First Team');
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});
afterAll(async () => {
  await h.close();
});

const teamRoomOf = async (member: Member, teamId: string) =>
  (await roomsOf(h, member)).find((r) => r.teamId === teamId && r.teamRoom);

const create = (member: Member, body: object) =>
  request(h.server)
    .post('/api/chat')
    .set(auth(member.token))
    .send({ name: 'Team Talk', ...body });

/** A team with its room, the coach coaching it and the player playing in it. */
async function newTeam(name: string) {
  const teamId = randomUUID();
  await teamsOf(h, coach, [{ teamId, role: 'coach' }]);
  await teamsOf(h, player, [{ teamId, role: 'player' }]);
  await teamChanged(h, teamId, name);
  return teamId;
}

describe('a team event', () => {
  it("when a team is first heard of, then its room is made with the team's members, once", async () => {
    const teamId = randomUUID();
    await teamsOf(h, coach, [{ teamId, role: 'coach' }]);
    await teamsOf(h, player, [{ teamId, role: 'player' }]);

    expect(await teamChanged(h, teamId, 'Under 12s')).toBe(true);
    await teamChanged(h, teamId, 'Under 12s');

    const room = await teamRoomOf(player, teamId);
    expect(room).toMatchObject({
      name: 'Under 12s',
      type: 'group',
      teamId,
      teamRoom: true,
      memberCount: 2,
      createdBy: null,
      description: '',
    });
    expect((await roomsOf(h, coach)).filter((r) => r.teamId === teamId)).toHaveLength(1);
    expect(await teamRoomOf(outsider, teamId)).toBeUndefined();
    expect(await teamRoomOf(admin, teamId)).toBeUndefined();
  });

  it('when the event comes on the chat-teams queue, then the room is made', async () => {
    const teamId = randomUUID();
    await teamsOf(h, player, [{ teamId, role: 'player' }]);

    await h.queues.add(
      'chat-teams',
      {
        teamId,
        at: later(),
        team: { name: 'Queue Team', colour: TEAM_COLOURS[1], public: true, archived: false },
      },
      randomUUID(),
    );

    await eventually(async () => (await teamRoomOf(player, teamId))?.name === 'Queue Team');
  });

  it('when the team is renamed, then its room is, and its members are told live with their unread count', async () => {
    const teamId = await newTeam('Juniors');
    const room = (await teamRoomOf(player, teamId))!;
    await sendMessage(h, coach.token, room.id, 'Welcome all');
    const socket = await connect(h, player.token);
    sockets.push(socket);

    await teamChanged(h, teamId, 'Junior Lions');

    const frame = await socket.frame<{ type: 'room'; room: ChatRoom }>(
      (f) => f.type === 'room' && f.room.id === room.id,
    );
    expect(frame.room).toMatchObject({ name: 'Junior Lions', unreadCount: 1, teamRoom: true });
    expect((await teamRoomOf(player, teamId))?.name).toBe('Junior Lions');
  });

  it('when the team is archived, then its room leaves the lists live and its messages stay', async () => {
    const teamId = await newTeam('Veterans');
    const room = (await teamRoomOf(player, teamId))!;
    await sendMessage(h, coach.token, room.id, 'Last game of the season');
    const socket = await connect(h, player.token);
    sockets.push(socket);

    await teamChanged(h, teamId, 'Veterans', true);

    await socket.frame((f) => f.type === 'room-deleted' && f.roomId === room.id);
    expect(await teamRoomOf(player, teamId)).toBeUndefined();
    const kept = await request(h.server)
      .get(`/api/chat/${room.id}/messages`)
      .set(auth(player.token));
    expect(kept.status).toBe(200);
    expect(kept.body.messages[0].content).toBe('Last game of the season');

    await teamChanged(h, teamId, 'Veterans', false);

    await socket.frame((f) => f.type === 'room' && f.room.id === room.id);
    expect((await teamRoomOf(player, teamId))?.id).toBe(room.id);
  });
});

describe("a member event's teams", () => {
  it('when a member joins the team, then they are in its room at once, and their open page is told', async () => {
    const teamId = await newTeam('Seniors');
    const room = (await teamRoomOf(player, teamId))!;
    const joiner = await h.memberFor('player', 'Jess Joiner');
    const mine = await connect(h, joiner.token);
    const theirs = await connect(h, player.token);
    sockets.push(mine, theirs);

    await teamsOf(h, joiner, [{ teamId, role: 'player' }]);

    const added = await mine.frame<{ type: 'room'; room: ChatRoom }>(
      (f) => f.type === 'room' && f.room.id === room.id,
    );
    expect(added.room).toMatchObject({ name: 'Seniors', memberCount: 3, unreadCount: 0 });
    const counted = await theirs.frame<{ type: 'room'; room: ChatRoom }>(
      (f) => f.type === 'room' && f.room.id === room.id,
    );
    expect(counted.room.memberCount).toBe(3);
    expect((await teamRoomOf(joiner, teamId))?.id).toBe(room.id);
    expect((await sendMessage(h, joiner.token, room.id, 'Hi team')).content).toBe('Hi team');
  });

  it('when a member leaves the team, then they leave its rooms at once and their open page is told', async () => {
    const teamId = await newTeam('Reserves');
    const room = (await teamRoomOf(player, teamId))!;
    const extra = await create(coach, { teamId, type: 'group', name: 'Reserves Travel' });
    expect(extra.status).toBe(201);
    const socket = await connect(h, player.token);
    sockets.push(socket);

    await teamsOf(h, player, []);

    await socket.frame((f) => f.type === 'room-deleted' && f.roomId === room.id);
    await socket.frame((f) => f.type === 'room-deleted' && f.roomId === extra.body.data.id);
    expect((await roomsOf(h, player)).filter((r) => r.teamId === teamId)).toEqual([]);
    const refused = await request(h.server)
      .post(`/api/chat/${room.id}/messages`)
      .set(auth(player.token))
      .send({ content: 'still here?' });
    expect(refused.status).toBe(403);
    expect((await teamRoomOf(coach, teamId))?.memberCount).toBe(1);
  });

  it('when a member event arrives before its team, then the room takes them when the team comes', async () => {
    const teamId = randomUUID();
    const early = await h.memberFor('player', 'Eli Early');
    await teamsOf(h, early, [{ teamId, role: 'player' }]);
    expect(await teamRoomOf(early, teamId)).toBeUndefined();

    await teamChanged(h, teamId, 'Late Team');

    expect((await teamRoomOf(early, teamId))?.memberCount).toBe(1);
  });

  it('when the chat-members queue brings a member with teams, then their teams are kept', async () => {
    const teamId = await newTeam('Queue Members');
    const user = await h.userFor('player');

    await h.queues.add(
      'chat-members',
      {
        userId: user.userId,
        kind: 'joined',
        at: later(),
        member: {
          name: 'Quinn Queue',
          email: 'quinn@club.test',
          role: 'player',
          profilePicture: null,
          teams: [{ teamId, role: 'player' }],
        },
      },
      randomUUID(),
    );

    // Their teams were kept: the team's room holds them.
    await eventually(async () => {
      const res = await request(h.server).get('/api/chat').set(auth(user.token));
      return res.body.chatRooms.some((r: ChatRoom) => r.teamId === teamId && r.teamRoom);
    });
  });

  it('when a new member joins the club, then they join club group rooms but not other teams’ rooms', async () => {
    const teamId = await newTeam('Closed Team');
    const club = await create(admin, { type: 'group', name: 'Whole Club' });
    const newcomer = await h.memberFor('player', 'Nia Newcomer');

    const theirs = await roomsOf(h, newcomer);

    expect(theirs.map((r) => r.id)).toContain(club.body.data.id);
    expect(theirs.some((r) => r.teamId === teamId)).toBe(false);
  });
});

describe('a team room by hand', () => {
  it('when an admin deletes a team room, then 403 and it stays', async () => {
    const teamId = await newTeam('Keepers');
    const room = (await teamRoomOf(player, teamId))!;

    const res = await request(h.server).delete(`/api/chat/${room.id}`).set(auth(admin.token));

    expect(res.status).toBe(403);
    expect(res.body.error).toBe(CHAT_TEAM_ROOM_FIXED);
    expect((await teamRoomOf(player, teamId))?.id).toBe(room.id);
  });
});

describe('POST /api/chat with a team', () => {
  it("when a coach makes a group room for their team, then the team's members are in it", async () => {
    const teamId = await newTeam('Coached');

    const res = await create(coach, { teamId, type: 'group', name: 'Match Prep' });

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ teamId, teamRoom: false, createdBy: coach.userId });
    expect(res.body.data.members.sort()).toEqual([coach.userId, player.userId].sort());
  });

  it('when a coach makes a private room of team members, then 201; with someone outside, 400 naming members', async () => {
    const teamId = await newTeam('Private Picks');

    const inside = await create(coach, { teamId, type: 'private', members: [player.userId] });
    const outside = await create(coach, {
      teamId,
      type: 'private',
      members: [player.userId, outsider.userId],
    });

    expect(inside.status).toBe(201);
    expect(inside.body.data.members.sort()).toEqual([coach.userId, player.userId].sort());
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({ error: CHAT_MEMBERS_NOT_IN_TEAM, field: 'members' });
  });

  it('when a coach names a team they do not coach, or none, then 403', async () => {
    const teamId = await newTeam('Not Theirs');
    await teamsOf(h, coach, [
      { teamId, role: 'player' },
      { teamId: randomUUID(), role: 'coach' },
    ]);

    const otherTeam = await create(coach, { teamId, type: 'group' });
    const clubRoom = await create(coach, { type: 'group' });
    const asPlayer = await create(player, { teamId, type: 'group' });

    expect(otherTeam.status).toBe(403);
    expect(otherTeam.body.error).toBe(TEAM_COACH_ONLY);
    expect(clubRoom.status).toBe(403);
    expect(asPlayer.status).toBe(403);
    expect(asPlayer.body.error).toBe(TEAM_COACH_ONLY);
  });

  it('when an admin makes a room for a team, then its members; an unknown or archived team, 404', async () => {
    const teamId = await newTeam('Admin Made');
    const archived = randomUUID();
    await teamChanged(h, archived, 'Old Team');
    await teamChanged(h, archived, 'Old Team', true);

    const made = await create(admin, { teamId, type: 'group' });
    const unknown = await create(admin, { teamId: randomUUID(), type: 'group' });
    const gone = await create(admin, { teamId: archived, type: 'group' });
    const badId = await create(admin, { teamId: 'nope', type: 'group' });

    expect(made.status).toBe(201);
    expect(made.body.data.members.sort()).toEqual(
      [admin.userId, coach.userId, player.userId].sort(),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(TEAM_NOT_FOUND);
    expect(gone.status).toBe(404);
    expect(badId.status).toBe(400);
    expect(badId.body.field).toBe('teamId');
  });
});
