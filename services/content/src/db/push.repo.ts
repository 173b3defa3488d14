/** Data access for the members' push subscriptions and notification preferences. */
import type { NotificationPreferences } from '@teamapp/contracts';
import { type Database, deleteWhere } from '@teamapp/service-kit';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  notificationPreferences,
  pushSubscriptions,
  type ContentSchema,
  type PushSubscriptionRow,
} from './schema';

export function createPushRepo(db: Database<ContentSchema>) {
  return {
    /**
     * Records the device's subscription for the member. The same endpoint posted again (new
     * keys, or another member signed in on that device) replaces the one stored.
     */
    async saveSubscription(
      userId: string,
      sub: { endpoint: string; p256dh: string; auth: string },
    ): Promise<PushSubscriptionRow> {
      const [row] = await db
        .insert(pushSubscriptions)
        .values({ userId, ...sub })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: sub.p256dh, auth: sub.auth, updatedAt: sql`now()` },
        })
        .returning();
      return row!;
    },
    /** Removes one of the member's own subscriptions; false when they have none at that endpoint. */
    async removeSubscription(userId: string, endpoint: string): Promise<boolean> {
      return deleteWhere(db, pushSubscriptions, { userId, endpoint });
    },
    /** Drops a subscription the push service no longer knows (404 or 410). */
    async dropSubscription(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },
    /** Drops every subscription of a member (one who left the club). */
    async dropSubscriptionsOf(userId: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },
    async subscription(id: string): Promise<PushSubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.id, id))
        .limit(1);
      return row;
    },
    async subscriptionsOf(userIds: string[]): Promise<PushSubscriptionRow[]> {
      if (userIds.length === 0) return [];
      return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
    },
    /** The chosen preferences of those listed who chose any (the others have the defaults). */
    async preferencesOf(userIds: string[]): Promise<Map<string, NotificationPreferences>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(notificationPreferences)
        .where(inArray(notificationPreferences.userId, userIds));
      return new Map(rows.map((r) => [r.userId, r.preferences]));
    },
    async setPreferences(userId: string, preferences: NotificationPreferences): Promise<void> {
      await db
        .insert(notificationPreferences)
        .values({ userId, preferences })
        .onConflictDoUpdate({
          target: notificationPreferences.userId,
          set: { preferences, updatedAt: sql`now()` },
        });
    },
  };
}

export type PushRepo = ReturnType<typeof createPushRepo>;
