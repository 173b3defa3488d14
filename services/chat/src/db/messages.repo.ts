/** Data access for messages: keyset pages on (room_id, created_at, id), idempotent inserts. */
import type { Database } from '@teamapp/service-kit';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { members, messages, type ChatSchema, type MessageRow } from './schema';

export type MessageWithSender = MessageRow & { senderName: string | null };

export function createMessagesRepo(db: Database<ChatSchema>) {
  const withSender = {
    id: messages.id,
    roomId: messages.roomId,
    senderId: messages.senderId,
    content: messages.content,
    messageType: messages.messageType,
    clientId: messages.clientId,
    isEdited: messages.isEdited,
    createdAt: messages.createdAt,
    editedAt: messages.editedAt,
    senderName: members.name,
  };
  const selectWithSender = () =>
    db.select(withSender).from(messages).leftJoin(members, eq(members.userId, messages.senderId));
  /** The (created_at, id) of a message, compared in SQL so no precision is lost. */
  const keyOf = (messageId: string) =>
    sql`(select c.created_at, c.id from ${messages} c where c.id = ${messageId})`;

  return {
    /** Stores a message, or nothing when the sender already sent this clientId; the new row. */
    async insert(values: {
      roomId: string;
      senderId: string;
      content: string;
      messageType: MessageRow['messageType'];
      clientId: string | null;
    }): Promise<MessageRow | undefined> {
      // Taken under the room's lock (rooms.lockForSend), so times rise in commit order.
      const [row] = await db
        .insert(messages)
        .values({ ...values, createdAt: sql`clock_timestamp()` })
        .onConflictDoNothing({ target: [messages.senderId, messages.clientId] })
        .returning();
      return row;
    },
    async find(messageId: string): Promise<MessageWithSender | undefined> {
      const [row] = await selectWithSender().where(eq(messages.id, messageId));
      return row;
    },
    async findByClientId(
      senderId: string,
      clientId: string,
    ): Promise<MessageWithSender | undefined> {
      const [row] = await selectWithSender().where(
        and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)),
      );
      return row;
    },
    async inRoom(roomId: string, messageId: string): Promise<boolean> {
      const rows = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.id, messageId), eq(messages.roomId, roomId)));
      return rows.length > 0;
    },
    async edit(messageId: string, content: string): Promise<void> {
      await db
        .update(messages)
        .set({ content, isEdited: true, editedAt: sql`now()` })
        .where(eq(messages.id, messageId));
    },
    /** Up to `limit` messages older than `before` (or the newest), newest first. */
    async pageBackwards(roomId: string, limit: number, before?: string) {
      return selectWithSender()
        .where(
          before
            ? and(
                eq(messages.roomId, roomId),
                sql`(${messages.createdAt}, ${messages.id}) < ${keyOf(before)}`,
              )
            : eq(messages.roomId, roomId),
        )
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(limit);
    },
    /** Up to `limit` messages newer than `after`, oldest first (a reconnecting client). */
    async pageForwards(roomId: string, limit: number, after: string) {
      return selectWithSender()
        .where(
          and(
            eq(messages.roomId, roomId),
            sql`(${messages.createdAt}, ${messages.id}) > ${keyOf(after)}`,
          ),
        )
        .orderBy(asc(messages.createdAt), asc(messages.id))
        .limit(limit);
    },
  };
}

export type MessagesRepo = ReturnType<typeof createMessagesRepo>;
