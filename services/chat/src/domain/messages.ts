/**
 * Message use cases: reading a room's messages a page at a time, sending (once per clientId),
 * editing one's own. Only members reach a room's messages: a private room does not exist for
 * anyone else (404), a group room refuses them (403). A team room does not exist for anyone (404)
 * while the club has one active team (docs/reference.md "Teams"). Each send and edit goes out live; a member
 * with no live socket anywhere when a message comes gets one bell notification per room ("New
 * messages in {room}", through the outbox), not one per message, until they read the room.
 *
 * Families (docs/reference.md "Families"): a guardian reads every room a child of theirs is in
 * and gets its live frames, but writes only where they are a member themselves (403). A direct
 * conversation between a young player and an adult who is not their guardian takes no more
 * messages (403), should one exist from before the rule.
 */
import {
  CHAT_EDIT_FORBIDDEN,
  CHAT_GUARDIAN_READ_ONLY,
  CHILD_DIRECT_REFUSED,
  type ChatMessage,
  type NewChatMessage,
} from '@teamapp/contracts';
import { badRequest, conflict, forbidden, notFound, type Logger } from '@teamapp/service-kit';
import type { RoomRow } from '../db/schema';
import type { Presence } from '../live/presence';
import { toMessage, toRoom } from './chat-views';
import { directAllowed, listsChange, type ChatDeps } from './rooms';

export interface MessagePageQuery {
  before?: string;
  after?: string;
  limit: number;
}

export interface MessagePage {
  messages: ChatMessage[];
  hasMore: boolean;
}

/** The title of the notification a member gets for a room's messages while they are away. */
export const offlineTitle = (roomName: string) => `New messages in ${roomName}`;
const NOTE_PREVIEW_LENGTH = 100;

export function createMessageUseCases(deps: ChatDeps & { presence: Presence; log: Logger }) {
  const { repos, inTransaction, live, presence, log } = deps;

  /** The member has seen the room: their unread count goes back to 0. */
  const markRead = (roomId: string, userId: string) =>
    inTransaction(async (store) => {
      await store.rooms.markRead(roomId, userId);
      listsChange(store, [userId]);
    });

  /**
   * Members without a live socket get the room's notification, once until they read the room.
   * When presence cannot be read nobody is notified (a missed note beats a wrong one).
   */
  async function notifyAway(room: RoomRow, recipients: string[], message: ChatMessage) {
    if (recipients.length === 0) return;
    const online = await presence.online(recipients);
    const away = recipients.filter((userId) => !online.has(userId));
    if (away.length === 0) return;
    const text =
      message.content.length > NOTE_PREVIEW_LENGTH
        ? `${message.content.slice(0, NOTE_PREVIEW_LENGTH)}…`
        : message.content;
    await inTransaction(async (store) => {
      const fresh = await store.rooms.flagOfflineNotified(room.id, away);
      if (fresh.length === 0) return;
      await store.notify(fresh, {
        title: offlineTitle(room.name),
        message: `${message.senderName}: ${text}`,
        kind: 'chat',
      });
    });
  }

  /**
   * The room, when the user is in it (or, to read, a guardian of someone in it); 404 for a room
   * they may not know of (a team room hidden while the club has one active team among them), 403
   * otherwise.
   */
  async function roomOf(roomId: string, userId: string, to: 'read' | 'write') {
    const found = await repos.rooms.findForMember(roomId, userId);
    if (!found || found.hidden) throw notFound();
    if (!found.isMember) {
      if (!found.isGuardian) throw found.room.type === 'private' ? notFound() : forbidden();
      if (to === 'write') throw forbidden(CHAT_GUARDIAN_READ_ONLY);
    }
    return found;
  }

  async function cursorIn(roomId: string, messageId: string | undefined, field: string) {
    if (messageId && !(await repos.messages.inRoom(roomId, messageId))) {
      throw badRequest(`${field} must be the id of a message in this room`, field);
    }
  }

  /**
   * Tells the room's members: the message itself at once, then the room's new preview and unread
   * counts (one more query), so the message does not wait for the preview.
   */
  async function announce(
    roomId: string,
    message: ChatMessage,
    unread: Record<string, number>,
    readers: string[],
  ) {
    const to = Object.keys(unread);
    await live.publish([{ to: [...to, ...readers], frame: { type: 'message', roomId, message } }]);
    const summary = await repos.rooms.summary(roomId);
    if (summary) {
      const room = toRoom(summary);
      await live.publish([
        { to, frame: { type: 'room', room }, unread },
        { to: readers, frame: { type: 'room', room: { ...room, readOnly: true } } },
      ]);
    }
  }

  return {
    /** The newest page (which marks the room read), an older one, or (catching up) a newer one. */
    async page(roomId: string, userId: string, query: MessagePageQuery): Promise<MessagePage> {
      const { isMember } = await roomOf(roomId, userId, 'read');
      await cursorIn(roomId, query.before, 'before');
      await cursorIn(roomId, query.after, 'after');
      if (query.after) {
        const rows = await repos.messages.pageForwards(roomId, query.limit + 1, query.after);
        return {
          messages: rows.slice(0, query.limit).map(toMessage),
          hasMore: rows.length > query.limit,
        };
      }
      const rows = await repos.messages.pageBackwards(roomId, query.limit + 1, query.before);
      if (!query.before && isMember) await markRead(roomId, userId);
      return {
        messages: rows.slice(0, query.limit).reverse().map(toMessage),
        hasMore: rows.length > query.limit,
      };
    },

    /** Stores the message once per clientId; `created` is false for a repeated send. */
    async send(
      roomId: string,
      senderId: string,
      input: NewChatMessage,
    ): Promise<{ message: ChatMessage; created: boolean }> {
      const { room, size } = await roomOf(roomId, senderId, 'write');
      if (room.type === 'private' && size === 2) {
        const [other] = (await repos.rooms.memberIds(roomId)).filter((id) => id !== senderId);
        if (other && !(await directAllowed(repos, senderId, other))) {
          throw forbidden(CHILD_DIRECT_REFUSED);
        }
      }
      const clientId = input.clientId ?? null;
      const earlier = async () => {
        const row = clientId ? await repos.messages.findByClientId(senderId, clientId) : undefined;
        if (row && row.roomId !== roomId) throw conflict('clientId was used for another room');
        return row && { message: toMessage(row), created: false };
      };
      const repeated = await earlier();
      if (repeated) return repeated;

      const stored = await inTransaction(async (store) => {
        if (!(await store.rooms.lockForSend(roomId))) throw notFound();
        const row = await store.messages.insert({
          roomId,
          senderId,
          content: input.content,
          messageType: input.messageType,
          clientId,
        });
        const readers = await store.rooms.readersOf(roomId);
        if (!row) {
          // The room still moved up everyone's list (lockForSend).
          listsChange(store, [...(await store.rooms.memberIds(roomId)), ...readers]);
          return undefined;
        }
        const counts = await store.rooms.countSend(roomId, senderId);
        listsChange(store, [senderId, ...counts.map((c) => c.userId), ...readers]);
        return { id: row.id, counts, readers };
      });
      // The same clientId raced in from a retry: that send stored it.
      if (!stored) return (await earlier())!;

      const message = toMessage((await repos.messages.find(stored.id))!);
      const unread: Record<string, number> = { [senderId]: 0 };
      for (const { userId, unreadCount } of stored.counts) unread[userId] = unreadCount;
      await announce(roomId, message, unread, stored.readers);
      await notifyAway(
        room,
        stored.counts.map((c) => c.userId),
        message,
      ).catch((err: unknown) => log.warn({ err }, 'away notifications failed'));
      return { message, created: true };
    },

    async edit(
      roomId: string,
      messageId: string,
      userId: string,
      content: string,
    ): Promise<ChatMessage> {
      await roomOf(roomId, userId, 'write');
      const row = await repos.messages.find(messageId);
      if (!row || row.roomId !== roomId) throw notFound();
      if (row.senderId !== userId) throw forbidden(CHAT_EDIT_FORBIDDEN);
      const to = await inTransaction(async (store) => {
        await store.messages.edit(messageId, content);
        const memberIds = [
          ...(await store.rooms.memberIds(roomId)),
          ...(await store.rooms.readersOf(roomId)),
        ];
        listsChange(store, memberIds);
        return memberIds;
      });
      const message = toMessage((await repos.messages.find(messageId))!);
      await live.publish([{ to, frame: { type: 'message-edited', roomId, message } }]);
      return message;
    },

    /** The member has seen the room: their unread count goes back to 0. */
    async markRead(roomId: string, userId: string): Promise<void> {
      // A guardian reading a child's room has no unread count there: nothing to mark.
      if ((await roomOf(roomId, userId, 'read')).isMember) await markRead(roomId, userId);
    },
  };
}

export type MessageUseCases = ReturnType<typeof createMessageUseCases>;
