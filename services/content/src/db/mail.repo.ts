/**
 * Data access for the notification mails (reference §2): who a member is to the mailer, whether
 * they read a notification in the app, and the items held for their daily digest.
 */
import type { Database } from '@teamapp/service-kit';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  digestItems,
  members,
  notifications,
  type ContentSchema,
  type DigestItemRow,
} from './schema';

export type NewDigestItem = Omit<DigestItemRow, 'id' | 'createdAt'>;

export function createMailRepo(db: Database<ContentSchema>) {
  return {
    /** The members' addresses and names, of those listed who are still active. */
    async recipients(userIds: string[]) {
      if (userIds.length === 0) return new Map<string, { email: string | null; name: string }>();
      const rows = await db
        .select({ userId: members.userId, email: members.email, name: members.name })
        .from(members)
        .where(and(inArray(members.userId, userIds), eq(members.active, true)));
      return new Map(rows.map((r) => [r.userId, { email: r.email, name: r.name ?? '' }]));
    },
    /** A stored notification's bell text and whether its member read it. */
    async notification(id: string) {
      const [row] = await db
        .select({
          title: notifications.title,
          message: notifications.message,
          isRead: notifications.isRead,
        })
        .from(notifications)
        .where(eq(notifications.id, id))
        .limit(1);
      return row;
    },
    /** The notifications among these that their members read in the app. */
    async readAmong(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(inArray(notifications.id, ids), eq(notifications.isRead, true)));
      return new Set(rows.map((r) => r.id));
    },
    /** Holds an item for the member's digest; held already (a job handled twice): nothing. */
    async hold(item: NewDigestItem): Promise<void> {
      await db.insert(digestItems).values(item).onConflictDoNothing();
    },
    /** Every held item, oldest first, taken for this run (a second run waits for the first). */
    async takeHeld(): Promise<DigestItemRow[]> {
      return db
        .select()
        .from(digestItems)
        .orderBy(asc(digestItems.createdAt), asc(digestItems.id))
        .for('update', { skipLocked: true });
    },
    async drop(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(digestItems).where(inArray(digestItems.id, ids));
    },
  };
}

export type MailRepo = ReturnType<typeof createMailRepo>;
