/** Presenters: rows to the contract's ChatMessage and ChatRoom. */
import { CHAT_PREVIEW_LENGTH, type ChatMessage, type ChatRoom } from '@teamapp/contracts';
import type { MessageWithSender } from '../db/messages.repo';
import type { RoomListRow } from '../db/rooms.repo';

/** Shown for a sender the service has never heard of. */
export const UNKNOWN_SENDER = 'Unknown member';

/** The first n characters (code points, so no emoji is cut in half). */
export const preview = (text: string, n = CHAT_PREVIEW_LENGTH) =>
  Array.from(text).slice(0, n).join('');

export const toMessage = (row: MessageWithSender): ChatMessage => ({
  id: row.id,
  roomId: row.roomId,
  senderId: row.senderId,
  senderName: row.senderName ?? UNKNOWN_SENDER,
  content: row.content,
  messageType: row.messageType,
  createdAt: row.createdAt.toISOString(),
  isEdited: row.isEdited,
  clientId: row.clientId,
});

export const toRoom = (
  row: Omit<RoomListRow, 'unreadCount'> & { unreadCount?: number },
  extra: Pick<ChatRoom, 'members' | 'readOnly'> = {},
): ChatRoom => ({
  id: row.room.id,
  name: row.room.name,
  description: row.room.description,
  type: row.room.type,
  memberCount: row.memberCount,
  lastMessage: row.last
    ? {
        senderName: row.last.senderName ?? UNKNOWN_SENDER,
        content: preview(row.last.content),
        createdAt: new Date(row.last.createdAt).toISOString(),
      }
    : null,
  unreadCount: row.unreadCount ?? 0,
  createdBy: row.room.createdBy,
  createdAt: row.room.createdAt.toISOString(),
  teamId: row.room.teamId,
  teamRoom: row.room.teamRoom,
  ...extra,
});
