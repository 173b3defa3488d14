/** Data access for the private calendar feed tokens: each member's, and each team's. */
import type { Database } from '@teamapp/service-kit';
import { and, eq, sql } from 'drizzle-orm';
import { calendarFeeds, members, teamCalendarFeeds, teams, type EventsSchema } from './schema';

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
    /** Keeps the team's token when there is one; returns the token in force. */
    async ensureForTeam(teamId: string, token: string): Promise<string> {
      await db.insert(teamCalendarFeeds).values({ teamId, token }).onConflictDoNothing();
      const [row] = await db
        .select({ token: teamCalendarFeeds.token })
        .from(teamCalendarFeeds)
        .where(eq(teamCalendarFeeds.teamId, teamId));
      return row!.token;
    },
    /** Replaces the team's token: the old one stops working at once. */
    async replaceForTeam(teamId: string, token: string): Promise<void> {
      await db
        .insert(teamCalendarFeeds)
        .values({ teamId, token })
        .onConflictDoUpdate({
          target: teamCalendarFeeds.teamId,
          set: { token, createdAt: sql`now()` },
        });
    },
    /** The team whose feed the token opens, unless the team is unknown or archived. */
    async teamOf(token: string): Promise<{ teamId: string; name: string } | undefined> {
      const [row] = await db
        .select({ teamId: teams.teamId, name: teams.name })
        .from(teamCalendarFeeds)
        .innerJoin(teams, eq(teams.teamId, teamCalendarFeeds.teamId))
        .where(and(eq(teamCalendarFeeds.token, token), eq(teams.archived, false)))
        .limit(1);
      return row;
    },
  };
}

export type CalendarFeedsRepo = ReturnType<typeof createCalendarFeedsRepo>;
