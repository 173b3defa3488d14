/**
 * Room use cases: the caller's rooms with previews, and (admins) creating and deleting rooms. A
 * group room takes every active member; a private one its creator and the members they picked.
 * Members learn of a new or deleted room over the live socket.
 */
import { CHAT_MEMBERS_INVALID, type ChatRoom, type NewChatRoom } from '@teamapp/contracts';
import { badRequest, notFound, type Logger } from '@teamapp/service-kit';
import type { ChatRepos, ChatStore, ChatTransaction } from '../db/repos';
import type { LivePublisher } from '../live/deliveries';
import { toRoom } from './chat-views';

/** The read cache's scope of one member's room list (deps.roomLists). */
export const roomListScope = (userId: string) => `user:${userId}`;

/**
 * These members' room lists change with the work's commit: dropped from the read cache then,
 * before anyone is told of the change.
 */
export const listsChange = (store: ChatStore, userIds: Iterable<string>) =>
  store.dropCached(...[...userIds].map(roomListScope));

export function createRoomUseCases(deps: {
  repos: ChatRepos;
  inTransaction: ChatTransaction;
  live: LivePublisher;
  log: Logger;
}) {
  const { repos, inTransaction, live } = deps;
  return {
    list: async (userId: string): Promise<ChatRoom[]> =>
      (await repos.rooms.listFor(userId)).map((row) => toRoom(row)),

    async create(input: NewChatRoom, creatorId: string): Promise<ChatRoom> {
      const { room, memberIds } = await inTransaction(async (store) => {
        let others: string[];
        if (input.type === 'group') {
          others = await store.members.activeIdsExcept(creatorId);
        } else {
          const picked = [...new Set(input.members)].filter((id) => id !== creatorId);
          others = await store.members.activeAmong(picked);
          if (others.length !== picked.length) throw badRequest(CHAT_MEMBERS_INVALID, 'members');
        }
        const created = await store.rooms.insert({
          name: input.name,
          description: input.description,
          type: input.type,
          createdBy: creatorId,
        });
        const ids = [creatorId, ...others];
        await store.rooms.addMembers(created.id, ids);
        listsChange(store, ids);
        return { room: created, memberIds: ids };
      });
      const view = toRoom({ room, memberCount: memberIds.length, last: null });
      await live.publish([{ to: memberIds, frame: { type: 'room', room: view } }]);
      return { ...view, members: memberIds };
    },

    async remove(roomId: string): Promise<void> {
      const memberIds = await inTransaction(async (store) => {
        const ids = await store.rooms.memberIds(roomId);
        if (!(await store.rooms.remove(roomId))) throw notFound();
        listsChange(store, ids);
        return ids;
      });
      await live.publish([{ to: memberIds, frame: { type: 'room-deleted', roomId } }]);
    },
  };
}

export type RoomUseCases = ReturnType<typeof createRoomUseCases>;
