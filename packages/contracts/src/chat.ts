/**
 * Chat payloads (reference §3 Chat room and Chat message, §5, §7, §9): rooms, messages,
 * the live socket's ticket, its frames and its close codes. Messages page backwards by keyset
 * (`before` a message id) and a reconnecting client catches up forwards (`after` one).
 */
import { z } from 'zod';
import {
  dataAnswerSchema,
  messageAnswerSchema,
  okAnswerSchema,
  requiredText,
  uuidParamSchema,
  limitedText,
  textFields,
} from './common';
import { endpoint } from './endpoint';
import type { Notification } from './notifications';

export const CHAT_ROOM_TYPES = ['group', 'private'] as const;
export type ChatRoomType = (typeof CHAT_ROOM_TYPES)[number];

export const CHAT_MESSAGE_TYPES = ['text'] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

/** Reference §9: the room list's last-message preview is this many characters. */
export const CHAT_PREVIEW_LENGTH = 30;
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** Messages per page (the newest page, then older ones by cursor). */
export const CHAT_PAGE_SIZE = 50;
export const CHAT_PAGE_MAX = 100;
/** A live-socket ticket is good for one connection within this many seconds. */
export const CHAT_TICKET_TTL_SECONDS = 30;
/** Where the live socket is opened (GET with `?ticket=`, upgraded to a WebSocket). */
export const CHAT_LIVE_PATH = '/api/chat/live';

/** Close codes of the live socket, beside the standard ones (1009 too big, 1001 going away). */
export const CHAT_CLOSE_CODES = {
  /** No ticket, an unknown or expired one, or one used before. */
  invalidTicket: 4401,
  /** A frame that is not JSON or not a known client frame. */
  malformedFrame: 4400,
  /** The session behind the ticket ended (logout, password change, deactivation). */
  sessionEnded: 4403,
} as const;

export const CHAT_ROOM_CREATED = 'Chat room created successfully';
export const CHAT_ROOM_DELETED = 'Chat room deleted successfully';
export const CHAT_MEMBERS_INVALID = 'members must be active members of the club';
/** A room of a team is among that team's members only. */
export const CHAT_MEMBERS_NOT_IN_TEAM = 'members must be members of the team';
/** A team room's members follow the team's roster, and it goes only with its team (archived). */
export const CHAT_TEAM_ROOM_FIXED =
  "A team's room follows its team: its members change with the team's roster and it cannot be deleted";
/** Families: a guardian reads a room a child of theirs is in, but writes only in their own. */
export const CHAT_GUARDIAN_READ_ONLY =
  'You can read this room as a guardian, but only its members can write in it';
export const CHAT_CONTENT_REQUIRED = 'content is required';
export const CHAT_EDIT_FORBIDDEN = 'You can only edit your own messages';

/** Message text: non-blank after trimming, at most 4,000 characters. */
export const chatContentSchema = z
  .string({ error: CHAT_CONTENT_REQUIRED })
  .trim()
  .min(1, { error: CHAT_CONTENT_REQUIRED })
  .max(CHAT_MESSAGE_MAX_LENGTH, {
    error: `content must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`,
  });

/**
 * POST /chat: a group room takes every other active member, a private one the picked ones. With
 * `teamId` the room is among that team's members only (a group room takes every other member of
 * the team, and picked members must be in it).
 */
export const createChatRoomSchema = z.object({
  name: requiredText('name', 100),
  description: limitedText('description', 500)
    .nullish()
    .transform((v) => v ?? ''),
  type: z.enum(CHAT_ROOM_TYPES, { error: 'type must be group or private' }).default('group'),
  members: z
    .array(z.uuid({ error: 'members must list member ids' }), {
      error: 'members must list member ids',
    })
    .max(10_000, { error: 'members must list at most 10000 ids' })
    .nullish()
    .transform((v) => v ?? []),
  /** A room among one team's members (a coach's rooms must name their team); absent: club. */
  teamId: z.uuid({ error: 'teamId must be a valid identifier' }).nullish(),
});
export type CreateChatRoomInput = z.input<typeof createChatRoomSchema>;
export type NewChatRoom = z.output<typeof createChatRoomSchema>;

/** POST /chat/{id}/messages; the same clientId twice stores one message. */
export const sendChatMessageSchema = z.object({
  content: chatContentSchema,
  messageType: z.enum(CHAT_MESSAGE_TYPES, { error: 'messageType must be text' }).default('text'),
  clientId: z.uuid({ error: 'clientId must be a UUID' }).nullish(),
});
export type SendChatMessageInput = z.input<typeof sendChatMessageSchema>;
export type NewChatMessage = z.output<typeof sendChatMessageSchema>;

/** PUT /chat/{id}/messages/{messageId}: one's own message. */
export const editChatMessageSchema = z.object({ content: chatContentSchema });
export type EditChatMessageInput = z.input<typeof editChatMessageSchema>;

export const chatMessageSchema = z.object({
  ...textFields('id', 'roomId', 'senderId', 'senderName', 'content'),
  messageType: z.enum(CHAT_MESSAGE_TYPES),
  createdAt: z.string(),
  isEdited: z.boolean(),
  clientId: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatRoomSchema = z.object({
  ...textFields('id', 'name', 'description'),
  type: z.enum(CHAT_ROOM_TYPES),
  memberCount: z.number().int(),
  /** The newest message: sender and the first 30 characters; null in a room without messages. */
  lastMessage: z
    .object({ senderName: z.string(), content: z.string(), createdAt: z.string() })
    .nullable(),
  /** Messages from others since the caller last read the room. */
  unreadCount: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** The member ids (in the create response). */
  members: z.array(z.string()).optional(),
  /** The room's team: its team room (membership follows the team) or a further room in it. */
  teamId: z.string().nullable(),
  /** True for the room every team has, whose members follow the team's. */
  teamRoom: z.boolean(),
  /**
   * Families: true when the caller is not in the room but reads it as a guardian of a member
   * (they cannot write in it); absent otherwise.
   */
  readOnly: z.boolean().optional(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

export const chatRoomsResponseSchema = z.object({
  success: z.literal(true),
  chatRooms: z.array(chatRoomSchema),
});

export const chatMessagesResponseSchema = z.object({
  success: z.literal(true),
  messages: z.array(chatMessageSchema),
  /** Whether older (or, with `after`, newer) messages remain beyond this page. */
  hasMore: z.boolean(),
});

export const chatTicketResponseSchema = dataAnswerSchema(
  z.object({ ticket: z.string(), expiresIn: z.number().int() }),
);

/** POST /chat: the reference's success, plus the room as made, with its member ids. */
export const chatRoomCreatedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: chatRoomSchema,
});

/** POST /chat/{id}/messages and PUT /chat/{id}/messages/{messageId}: the message as stored. */
export const chatMessageResponseSchema = z.object({
  success: z.literal(true),
  message: chatMessageSchema,
});

const PAGE_LIMIT = `limit must be a whole number from 1 to ${CHAT_PAGE_MAX}`;
const cursor = (field: string) =>
  z.uuid({ error: `${field} must be the id of a message in this room` }).optional();

/** GET /chat/{id}/messages: `before` or `after` a message id (not both), and the page size. */
export const chatMessagesQuerySchema = z
  .object({
    before: cursor('before'),
    after: cursor('after'),
    limit: z.coerce
      .number({ error: PAGE_LIMIT })
      .int({ error: PAGE_LIMIT })
      .min(1, { error: PAGE_LIMIT })
      .max(CHAT_PAGE_MAX, { error: PAGE_LIMIT })
      .default(CHAT_PAGE_SIZE),
  })
  .refine((q) => !(q.before && q.after), { error: 'give before or after, not both' });
export type ChatMessagesQuery = z.input<typeof chatMessagesQuerySchema>;

/**
 * The chat endpoints (reference §7 chat; who may call each is the route's, §6). The live socket
 * (GET /chat/live) is not among them: it is a WebSocket upgrade, not a JSON call.
 */
export const chatEndpoints = {
  rooms: endpoint({
    method: 'GET',
    path: '/chat',
    answer: chatRoomsResponseSchema,
    summary: "The caller's rooms, each with its preview and the caller's unread count",
  }),
  createRoom: endpoint({
    method: 'POST',
    path: '/chat',
    body: createChatRoomSchema,
    answer: chatRoomCreatedResponseSchema,
    status: 201,
    summary:
      "Create a group room (every active member, or the team's) or a private one (the picked members)",
  }),
  removeRoom: endpoint({
    method: 'DELETE',
    path: '/chat/:id',
    params: uuidParamSchema,
    answer: messageAnswerSchema,
    summary: "Delete a room and its messages (not a team's room: it goes with its team)",
  }),
  messages: endpoint({
    method: 'GET',
    path: '/chat/:id/messages',
    params: uuidParamSchema,
    query: chatMessagesQuerySchema,
    answer: chatMessagesResponseSchema,
    summary: "A page of a room's messages, oldest first (the newest, or before or after one)",
  }),
  send: endpoint({
    method: 'POST',
    path: '/chat/:id/messages',
    params: uuidParamSchema,
    body: sendChatMessageSchema,
    answer: chatMessageResponseSchema,
    status: 201,
    summary: 'Send a message (a repeated clientId answers 200 with the stored one)',
  }),
  edit: endpoint({
    method: 'PUT',
    path: '/chat/:id/messages/:messageId',
    params: uuidParamSchema.extend({
      messageId: z.uuid({ error: 'messageId must be a valid identifier' }),
    }),
    body: editChatMessageSchema,
    answer: chatMessageResponseSchema,
    summary: "Edit one's own message",
  }),
  read: endpoint({
    method: 'POST',
    path: '/chat/:id/read',
    params: uuidParamSchema,
    answer: okAnswerSchema,
    summary: "Mark a room read: the caller's unread count is 0",
  }),
  ticket: endpoint({
    method: 'POST',
    path: '/chat/ticket',
    answer: chatTicketResponseSchema,
    summary: `A single-use ticket that opens the live socket within ${CHAT_TICKET_TTL_SECONDS} s`,
  }),
};

/**
 * What the server sends on the live socket (JSON text frames). `ready` comes first, once the
 * ticket is accepted: from then on every new message arrives live, so a reconnecting client
 * fetches what it missed (`?after=` its last message) after `ready` and loses nothing.
 */
export type ChatServerFrame =
  | { type: 'ready'; userId: string }
  | { type: 'message'; roomId: string; message: ChatMessage }
  | { type: 'message-edited'; roomId: string; message: ChatMessage }
  | { type: 'room'; room: ChatRoom }
  | { type: 'room-deleted'; roomId: string }
  /** A new bell notification for this user, and their unread notification count after it. */
  | { type: 'notification'; notification: Notification; unreadCount: number }
  | { type: 'pong' };

/** What a client may send: a keep-alive, or that it has read a room (its unread count resets). */
export const chatClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('read'), roomId: z.uuid() }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;
