/** The chat service's tables, in its own `chat` schema. */
import {
  createdAtColumn,
  idColumn,
  membersTable,
  optionalTimestamp,
  outboxTable,
} from '@teamapp/service-kit';
import {
  boolean,
  index,
  integer,
  pgSchema,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ChatMessageType, ChatRoomType } from '@teamapp/contracts';

export const chatSchema = pgSchema('chat');

/**
 * The members, kept from the auth service's member events. A member who left stays as an
 * inactive row (senders of old messages keep their names), and a row changes only for an event
 * at least as new as its changed_at, so an older event handled late changes nothing.
 */
export const members = membersTable(chatSchema);

export const rooms = chatSchema.table(
  'rooms',
  {
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').notNull().$type<ChatRoomType>(),
    createdBy: uuid('created_by'),
    createdAt: createdAtColumn(),
    /** Written under the room's row lock by each send, so messages get increasing times. */
    lastMessageAt: optionalTimestamp('last_message_at'),
  },
  (t) => [index('rooms_type_idx').on(t.type)],
);

/**
 * Who is in a room, and how many messages from others each has not read yet. offline_notified:
 * the member, away when a message came, got the room's one "New messages in" notification since
 * they last read it (reading the room clears it).
 */
export const roomMembers = chatSchema.table(
  'room_members',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    unreadCount: integer('unread_count').notNull().default(0),
    offlineNotified: boolean('offline_notified').notNull().default(false),
    joinedAt: createdAtColumn('joined_at'),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index('room_members_user_idx').on(t.userId),
  ],
);

/**
 * Messages, paged by keyset on (room_id, created_at, id). client_id is the sender's own id for a
 * send, unique per sender, so a retried send stores one message.
 */
export const messages = chatSchema.table(
  'messages',
  {
    id: idColumn(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').notNull(),
    content: text('content').notNull(),
    messageType: text('message_type').notNull().default('text').$type<ChatMessageType>(),
    clientId: uuid('client_id'),
    isEdited: boolean('is_edited').notNull().default(false),
    createdAt: createdAtColumn(),
    editedAt: optionalTimestamp('edited_at'),
  },
  (t) => [
    index('messages_room_time_idx').on(t.roomId, t.createdAt, t.id),
    uniqueIndex('messages_sender_client_idx').on(t.senderId, t.clientId),
  ],
);

/** Jobs this service publishes, relayed to their queues by service-kit. */
export const outbox = outboxTable(chatSchema);

export const schema = { members, rooms, roomMembers, messages, outbox };
export type ChatSchema = typeof schema;
export type MemberRow = typeof members.$inferSelect;
export type RoomRow = typeof rooms.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
