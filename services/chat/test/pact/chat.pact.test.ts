/** Provider verification: the real chat app answers the web consumer's contract. */
import { keptBy, teamStates, verifyWebContract } from '@teamapp/service-kit/pact-provider';
import { createTokenMinter, testRedisUrl } from '@teamapp/service-kit/testing';
import { messages, roomMembers, rooms } from '../../src/db/schema';
import { startChat, type ChatHarness } from '../harness';
import { STATE_IDS, STATE_TEAM } from '@teamapp/api-client/pact-states';
const { room: ROOM_ID, message: MESSAGE_ID, olderMessage: OLDER_ID, player: PLAYER_ID } = STATE_IDS;

/** The ids mfe-chat/src/features/chat/api/chat.pact.test.ts uses in its paths and bodies. */

let h: ChatHarness;
let minter: ReturnType<typeof createTokenMinter>;
beforeAll(async () => {
  h = await startChat();
  minter = createTokenMinter({ redisUrl: testRedisUrl(), prefix: h.prefix });
  await h.service.deps.members.memberChanged({
    userId: PLAYER_ID,
    kind: 'joined',
    member: { name: 'Sam Striker', email: 'sam@club.test', role: 'player', profilePicture: null },
  });
});
afterAll(async () => {
  minter.close();
  await h.close();
});

const adminToken = async () => (await h.memberFor('admin')).token;
const samToken = async () => (await minter.userFor('player', { userId: PLAYER_ID })).token;
const outsiderToken = async () => (await h.memberFor('player')).token;

/** The contract's team with Sam as its player; `theTeam()` returns its coach's token. */
const SAM = { userId: PLAYER_ID, name: 'Sam Striker', email: 'sam@club.test' };
const teamState = teamStates({ ...keptBy(() => h), teamId: STATE_IDS.team, team: STATE_TEAM });
const theTeam = () => teamState.withCoach(SAM);

/** One room of the given type with Sam in it and two of Sam's messages (the newer is known). */
async function theRoom(type: 'group' | 'private') {
  const { db } = h.service.base;
  await db.delete(rooms);
  await db.insert(rooms).values({ id: ROOM_ID, name: 'First Team', type, createdBy: PLAYER_ID });
  await db.insert(roomMembers).values({ roomId: ROOM_ID, userId: PLAYER_ID });
  await db.insert(messages).values([
    {
      id: OLDER_ID,
      roomId: ROOM_ID,
      senderId: PLAYER_ID,
      content: 'Training is at 6',
      createdAt: new Date('2026-11-20T18:00:00.000Z'),
    },
    {
      id: MESSAGE_ID,
      roomId: ROOM_ID,
      senderId: PLAYER_ID,
      content: 'See you at training',
      createdAt: new Date('2026-11-20T18:05:00.000Z'),
    },
  ]);
}

it('when the web consumer contract is replayed, then the chat service honours it', async () => {
  await verifyWebContract({
    app: h.service.app,
    provider: 'teamapp-chat',
    stateHandlers: {
      'an admin is signed in': adminToken,
      'a player is signed in': outsiderToken,
      'a room with messages exists and its member is signed in': async () => {
        await theRoom('group');
        return samToken();
      },
      'a room with messages exists and an admin is signed in': async () => {
        await theRoom('group');
        return adminToken();
      },
      'a team with a player exists and its coach is signed in': theTeam,
      'a private room exists and a player outside it is signed in': async () => {
        await theRoom('private');
        return outsiderToken();
      },
    },
  });
});
