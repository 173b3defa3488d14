/** Data access for the private calendar feed tokens: each member's, and each team's. */
import type { Database } from '@teamapp/service-kit';
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { calendarFeeds, members, teamCalendarFeeds, teams, type EventsSchema } from './schema';

type FeedTable = PgTable & { token: AnyPgColumn; createdAt: AnyPgColumn };

/**
 * The feed tokens of a table that holds one per owner (a member, a team), keyed by the owner's id:
 * one kept while there is one, or one replaced.
 */
function ownerTokens<TTable extends FeedTable>(
  db: Database<EventsSchema>,
  feeds: TTable,
  owner: AnyPgColumn,
  row: (ownerId: string, token: string) => TTable['$inferInsert'],
) {
  const table: FeedTable = feeds;
  return {
    /** Keeps the owner's token when there is one; returns the token in force. */
    async ensure(ownerId: string, token: string): Promise<string> {
      await db.insert(table).values(row(ownerId, token)).onConflictDoNothing();
      const [kept] = await db.select({ token: table.token }).from(table).where(eq(owner, ownerId));
      return kept!.token as string;
    },
    /** Replaces the owner's token: the old one stops working at once. */
    async replace(ownerId: string, token: string): Promise<void> {
      await db
        .insert(table)
        .values(row(ownerId, token))
        .onConflictDoUpdate({ target: owner, set: { token, createdAt: sql`now()` } });
    },
  };
}

export function createCalendarFeedsRepo(db: Database<EventsSchema>) {
  const memberTokens = ownerTokens(db, calendarFeeds, calendarFeeds.userId, (userId, token) => ({
    userId,
    token,
  }));
  const teamTokens = ownerTokens(
    db,
    teamCalendarFeeds,
    teamCalendarFeeds.teamId,
    (teamId, token) => ({ teamId, token }),
  );
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
    ensure: memberTokens.ensure,
    /** Replaces the member's token: the old one stops working at once. */
    replace: memberTokens.replace,
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
    ensureForTeam: teamTokens.ensure,
    /** Replaces the team's token: the old one stops working at once. */
    replaceForTeam: teamTokens.replace,
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
