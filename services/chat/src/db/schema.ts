/** The chat service's tables, in its own `chat` schema. */
import {
  createdAtColumn,
  idColumn,
  membersTable,
  optionalTimestamp,
  outboxTable,
  teamsTable,
  memberIdColumn,
  ownerColumn,
} from '@teamapp/service-kit';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ChatMessageType, ChatRoomType, MemberEvent } from '@teamapp/contracts';

/** One of a member's guardians, as the member snapshot carries them. */
export type MemberGuardian = NonNullable<NonNullable<MemberEvent['member']>['guardians']>[number];

export const chatSchema = pgSchema('chat');

/**
 * The members, kept from the auth service's member events. A member who left stays as an
 * inactive row (senders of old messages keep their names), and a row changes only for an event
 * at least as new as its changed_at, so an older event handled late changes nothing.
 */
export const members = membersTable(chatSchema);

/**
 * Families (contracts family.ts), beside each member's row and kept from the same events: the
 * member's guardians and whether they are under the club's adult age. Who a young player may
 * write to directly, and who reads a child's rooms, is decided from here. An event from before
 * families counts as no guardians and not a minor.
 */
export const memberFamilies = chatSchema.table(
  'member_families',
  {
    userId: uuid('user_id').primaryKey(),
    guardians: jsonb('guardians').$type<MemberGuardian[]>().notNull().default([]),
    minor: boolean('minor').notNull().default(false),
  },
  (t) => [index('member_families_guardians_idx').using('gin', t.guardians)],
);

/** The club's teams, kept from the auth service's team events (queue `chat-teams`). */
export const teams = teamsTable(chatSchema);

/**
 * Rooms. team_id: the room's team (its team room, or a further room among that team's members);
 * null for a club room. team_room: the one room each team has, whose members follow the team's
 * (docs/reference.md "Teams"); it has no creator.
 */
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
    teamId: uuid('team_id'),
    teamRoom: boolean('team_room').notNull().default(false),
  },
  (t) => [
    index('rooms_type_idx').on(t.type),
    index('rooms_team_idx').on(t.teamId),
    uniqueIndex('rooms_team_room_idx')
      .on(t.teamId)
      .where(sql`team_room`),
  ],
);

/**
 * Who is in a room, and how many messages from others each has not read yet. offline_notified:
 * the member, away when a message came, got the room's one "New messages in" notification since
 * they last read it (reading the room clears it).
 */
export const roomMembers = chatSchema.table(
  'room_members',
  {
    roomId: ownerColumn('room_id', () => rooms.id),
    userId: memberIdColumn(),
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
    roomId: ownerColumn('room_id', () => rooms.id),
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

export const schema = { members, memberFamilies, teams, rooms, roomMembers, messages, outbox };
export type ChatSchema = typeof schema;
export type MemberRow = typeof members.$inferSelect;
export type RoomRow = typeof rooms.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
