/** Data access for the members' private calendar feed tokens. */
import type { Database } from '@teamapp/service-kit';
import { and, eq, sql } from 'drizzle-orm';
import { calendarFeeds, members, type EventsSchema } from './schema';

export function createCalendarFeedsRepo(db: Database<EventsSchema>) {
  return {
    async tokenOf(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ token: calendarFeeds.token })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.userId, userId))
        .limit(1);
      return row?.token;
    },
    /** Keeps the member's token when there is one; returns the token in force. */
    async ensure(userId: string, token: string): Promise<string> {
      await db.insert(calendarFeeds).values({ userId, token }).onConflictDoNothing();
      const [row] = await db
        .select({ token: calendarFeeds.token })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.userId, userId));
      return row!.token;
    },
    /** Replaces the member's token: the old one stops working at once. */
    async replace(userId: string, token: string): Promise<void> {
      await db
        .insert(calendarFeeds)
        .values({ userId, token })
        .onConflictDoUpdate({
          target: calendarFeeds.userId,
          set: { token, createdAt: sql`now()` },
        });
    },
    /** Drops the member's feed (they left the club): its URL answers 404 from now on. */
    async removeFor(userId: string): Promise<void> {
      await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    },
    /** Who holds the token, unless the member list says they left the club. */
    async ownerOf(token: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: calendarFeeds.userId })
        .from(calendarFeeds)
        .leftJoin(members, eq(members.userId, calendarFeeds.userId))
        .where(and(eq(calendarFeeds.token, token), sql`coalesce(${members.active}, true)`))
        .limit(1);
      return row?.userId;
    },
  };
}

export type CalendarFeedsRepo = ReturnType<typeof createCalendarFeedsRepo>;
