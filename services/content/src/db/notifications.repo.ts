/** Data access for notifications and the member list. Every read and write is per recipient. */
import type { TeamMembership } from '@teamapp/contracts';
import { unlessNewer, type Database, type MemberChange } from '@teamapp/service-kit';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { members, notifications, type ContentSchema, type NotificationRow } from './schema';

/** Unread and in the bell (a row the member's preferences kept out of it is neither). */
const unreadShown = and(eq(notifications.isRead, false), eq(notifications.shown, true));

/** The member is in the team, in any role (service-kit teams.ts `inTeamCondition`). */
const inTeam = (teamId: string) => sql`${members.teams} @> ${JSON.stringify([{ teamId }])}::jsonb`;

export function createNotificationsRepo(db: Database<ContentSchema>) {
  return {
    /**
     * Stores one row per recipient, shown in their bell or not; rows already stored for this job
     * are left alone. The new rows.
     */
    async insertForRecipients(
      jobId: string,
      userIds: string[],
      note: { title: string; message: string },
      shown: (userId: string) => boolean = () => true,
    ): Promise<NotificationRow[]> {
      if (userIds.length === 0) return [];
      return db
        .insert(notifications)
        .values(userIds.map((userId) => ({ userId, jobId, ...note, shown: shown(userId) })))
        .onConflictDoNothing()
        .returning();
    },
    /** Each listed user's unread count (users with none are absent). */
    async unreadCounts(userIds: string[]): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: notifications.userId, n: count() })
        .from(notifications)
        .where(and(inArray(notifications.userId, userIds), unreadShown))
        .groupBy(notifications.userId);
      return new Map(rows.map((r) => [r.userId, Number(r.n)]));
    },
    async listFor(userId: string, limit: number): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.shown, true)))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },
    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), unreadShown));
      return Number(row?.n ?? 0);
    },
    /** Marks one of the user's own notifications read; false when it is not theirs or absent. */
    async markRead(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },
    async markAllRead(userId: string): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.userId, userId), unreadShown))
        .returning({ id: notifications.id });
      return rows.length;
    },
    /** Every active member: who a notification for "everyone" goes to. */
    async memberIds(): Promise<string[]> {
      const rows = await db
        .select({ userId: members.userId })
        .from(members)
        .where(eq(members.active, true));
      return rows.map((r) => r.userId);
    },
    /** The team's active members: who a team post notifies. */
    async teamMemberIds(teamId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: members.userId })
        .from(members)
        .where(and(eq(members.active, true), inTeam(teamId)));
      return rows.map((r) => r.userId);
    },
    /** The member's teams and role in each; none once they have left or until an event says. */
    async membershipsOf(userId: string): Promise<TeamMembership[]> {
      const [row] = await db
        .select({ teams: members.teams })
        .from(members)
        .where(and(eq(members.userId, userId), eq(members.active, true)))
        .limit(1);
      return row?.teams ?? [];
    },
    /**
     * Records a member as active or gone (with their name and teams when the event carried
     * them), unless a newer change is already recorded. A change without a name or teams keeps
     * what is known.
     */
    async setMember(
      change: Pick<MemberChange, 'userId' | 'active' | 'at' | 'name' | 'teams' | 'email'> & {
        minor?: boolean;
      },
    ): Promise<boolean> {
      const { userId, active, at, name, teams, minor, email } = change;
      const rows = await db
        .insert(members)
        .values({ userId, active, changedAt: at, name, teams, minor, email })
        .onConflictDoUpdate(
          unlessNewer(
            members,
            change,
            ['name', 'teams', 'email'],
            minor === undefined ? {} : { minor },
          ),
        )
        .returning({ userId: members.userId });
      return rows.length > 0;
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
