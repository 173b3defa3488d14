/**
 * Room use cases: the caller's rooms with previews, creating and deleting rooms. A group room
 * takes every active member; a private one its creator and the members they picked. A room of a
 * team (`teamId`) is among that team's members only: a club admin may make one for any team, a
 * coach for the teams they coach; a club room is a club admin's (docs/reference.md "Teams"). Each
 * team's own room (teams.ts) is not made or deleted here. Members learn of a new or deleted room
 * over the live socket.
 */
import {
  CHILD_DIRECT_REFUSED,
  CHAT_MEMBERS_INVALID,
  CHAT_MEMBERS_NOT_IN_TEAM,
  CHAT_TEAM_ROOM_FIXED,
  TEAM_COACH_ONLY,
  TEAM_NOT_FOUND,
  type ChatRoom,
  type NewChatRoom,
} from '@teamapp/contracts';
import {
  badRequest,
  forbidden,
  mayCoachTeam,
  notFound,
  type AuthUser,
  type Logger,
} from '@teamapp/service-kit';
import type { ChatRepos, ChatStore, ChatTransaction } from '../db/repos';
import type { RoomListRow } from '../db/rooms.repo';
import type { LiveDelivery, LivePublisher } from '../live/deliveries';
import { toRoom } from './chat-views';

/** The read cache's scope of one member's room list (deps.roomLists). */
export const roomListScope = (userId: string) => `user:${userId}`;

/**
 * These members' room lists change with the work's commit: dropped from the read cache then,
 * before anyone is told of the change.
 */
export const listsChange = (store: ChatStore, userIds: Iterable<string>) =>
  store.dropCached(...[...userIds].map(roomListScope));

/**
 * Frames telling the members of these rooms each room as it now is (its name, its member count),
 * each with their own unread count; rooms of an archived team are left out (lists hide them).
 */
export async function roomsAsTheyAre(repos: ChatRepos, roomIds: string[]) {
  const deliveries: LiveDelivery[] = [];
  for (const roomId of await repos.rooms.shownAmong(roomIds)) {
    const summary = await repos.rooms.summary(roomId);
    if (!summary) continue;
    const unread = await repos.rooms.unreadOf(roomId);
    const room = toRoom(summary);
    deliveries.push(
      { to: Object.keys(unread), frame: { type: 'room', room }, unread },
      // Guardians reading the room for a child in it (docs/reference.md "Families").
      {
        to: await repos.rooms.readersOf(roomId),
        frame: { type: 'room', room: { ...room, readOnly: true } },
      },
    );
  }
  return deliveries;
}

/**
 * Families: whether two members may have a direct conversation (a private room of the two). A
 * young player may write directly to their guardians and to other young players only; two
 * adults always may.
 */
export async function directAllowed(repos: Pick<ChatRepos, 'members'>, a: string, b: string) {
  const families = await repos.members.familiesOf([a, b]);
  const [one, other] = [families.get(a)!, families.get(b)!];
  if (one.minor === other.minor) return true;
  const [child, adult] = one.minor ? [one, b] : [other, a];
  return child.guardianIds.includes(adult);
}

/** Newest activity first, as listFor orders one member's own rooms. */
const byActivity = (x: RoomListRow, y: RoomListRow) => {
  const at = (r: RoomListRow) => (r.room.lastMessageAt ?? r.room.createdAt).getTime();
  return at(y) - at(x) || (y.room.id < x.room.id ? -1 : y.room.id > x.room.id ? 1 : 0);
};

/** A frame telling these members a room is gone from their list. */
export const roomGone = (roomId: string, to: string[]): LiveDelivery => ({
  to,
  frame: { type: 'room-deleted', roomId },
});

/** What every chat use case works with: the repositories, transactions and the live socket. */
export interface ChatDeps {
  repos: ChatRepos;
  inTransaction: ChatTransaction;
  live: LivePublisher;
}

export function createRoomUseCases(deps: ChatDeps & { log: Logger }) {
  const { repos, inTransaction, live } = deps;

  /**
   * Refuses a creator who may not make a room of this team: a club room is a club admin's (403
   * for anyone else, as before teams), a team's room its coaches' and club admins' (403 for a
   * team the caller does not coach; 404 for a team that does not exist or is archived).
   */
  async function requireMayCreate(creator: Pick<AuthUser, 'id' | 'role'>, teamId: string | null) {
    if (creator.role !== 'admin') {
      if (teamId === null) throw forbidden();
      const caller = await repos.members.teamCaller(creator);
      if (!mayCoachTeam(caller, teamId)) throw forbidden(TEAM_COACH_ONLY);
    }
    if (teamId !== null) {
      const team = await repos.teams.find(teamId);
      if (!team || team.archived) throw notFound(TEAM_NOT_FOUND);
    }
  }

  return {
    /** The member's rooms, and the rooms they read as a guardian (marked readOnly). */
    async list(userId: string): Promise<ChatRoom[]> {
      const [own, read] = await Promise.all([
        repos.rooms.listFor(userId),
        repos.rooms.listReadBy(userId),
      ]);
      if (read.length === 0) return own.map((row) => toRoom(row));
      const readIds = new Set(read.map((r) => r.room.id));
      return [...own, ...read]
        .sort(byActivity)
        .map((row) => toRoom(row, readIds.has(row.room.id) ? { readOnly: true } : {}));
    },

    async create(input: NewChatRoom, creator: Pick<AuthUser, 'id' | 'role'>): Promise<ChatRoom> {
      const creatorId = creator.id;
      const teamId = input.teamId ?? null;
      await requireMayCreate(creator, teamId);
      const { room, memberIds, readers } = await inTransaction(async (store) => {
        let others: string[];
        if (input.type === 'group') {
          others = teamId
            ? await store.members.activeInTeam(teamId, creatorId)
            : await store.members.activeIdsExcept(creatorId);
        } else {
          const picked = [...new Set(input.members)].filter((id) => id !== creatorId);
          others = await store.members.activeAmong(picked, teamId);
          if (others.length !== picked.length) {
            throw badRequest(teamId ? CHAT_MEMBERS_NOT_IN_TEAM : CHAT_MEMBERS_INVALID, 'members');
          }
          const [other] = others;
          if (others.length === 1 && !(await directAllowed(store, creatorId, other!))) {
            throw forbidden(CHILD_DIRECT_REFUSED);
          }
        }
        const created = await store.rooms.insert({
          name: input.name,
          description: input.description,
          type: input.type,
          createdBy: creatorId,
          teamId,
        });
        const ids = [creatorId, ...others];
        await store.rooms.addMembers(created.id, ids);
        const readers = await store.rooms.readersOf(created.id);
        listsChange(store, [...ids, ...readers]);
        return { room: created, memberIds: ids, readers };
      });
      const view = toRoom({ room, memberCount: memberIds.length, last: null });
      await live.publish([
        { to: memberIds, frame: { type: 'room', room: view } },
        { to: readers, frame: { type: 'room', room: { ...view, readOnly: true } } },
      ]);
      return { ...view, members: memberIds };
    },

    /**
     * Deletes a room and its messages; a team's own room is refused (403): it follows its team
     * (404 while team rooms are hidden: the club has one active team).
     */
    async remove(roomId: string): Promise<void> {
      const memberIds = await inTransaction(async (store) => {
        const room = await store.rooms.find(roomId);
        if (!room) throw notFound();
        if (room.teamRoom) {
          throw (await store.rooms.teamRoomsShown()) ? forbidden(CHAT_TEAM_ROOM_FIXED) : notFound();
        }
        const ids = [
          ...(await store.rooms.memberIds(roomId)),
          ...(await store.rooms.readersOf(roomId)),
        ];
        if (!(await store.rooms.remove(roomId))) throw notFound();
        listsChange(store, ids);
        return ids;
      });
      await live.publish([roomGone(roomId, memberIds)]);
    },
  };
}

export type RoomUseCases = ReturnType<typeof createRoomUseCases>;
