/** Data access for teams, their memberships and the app title the first team is named after. */
import type { TeamMembership, TeamRole } from '@teamapp/contracts';
import { type Database, deleteWhere, updateById } from '@teamapp/service-kit';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { branding, teamMembers, teams, users, type AuthSchema, type TeamRow } from './schema';

export type TeamPatch = Partial<
  Pick<TeamRow, 'name' | 'colour' | 'public' | 'archived' | 'namedAfterClub'>
>;

/** What a team's answer adds to its row: its size and its coaches. */
export interface TeamSummary {
  memberCount: number;
  coaches: { userId: string; name: string }[];
}

export interface RosterRow {
  userId: string;
  name: string;
  profilePicture: string | null;
  role: TeamRole;
}

const byName = sql`lower(${teams.name})`;

export function createTeamsRepo(db: Database<AuthSchema>) {
  /** These fields of the memberships, each beside its member's row (their name, their picture). */
  const membershipsWithUsers = <TFields extends SelectedFields>(fields: TFields) =>
    db.select(fields).from(teamMembers).innerJoin(users, eq(users.id, teamMembers.userId));

  return {
    /**
     * Holds every other writer of teams off until the transaction ends: two instances starting
     * together make one first team, not two.
     */
    async lock(): Promise<void> {
      await db.execute(sql`lock table ${teams} in share row exclusive mode`);
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(teams);
      return row?.n ?? 0;
    },
    async insert(row: typeof teams.$inferInsert): Promise<TeamRow> {
      const [created] = await db.insert(teams).values(row).returning();
      return created!;
    },
    async findById(id: string): Promise<TeamRow | undefined> {
      const [row] = await db.select().from(teams).where(eq(teams.id, id)).limit(1);
      return row;
    },
    /** An active team with this name, whatever its case (other than `exceptId`). */
    async findActiveByName(name: string, exceptId?: string): Promise<TeamRow | undefined> {
      const [row] = await db
        .select()
        .from(teams)
        .where(
          and(
            eq(byName, name.toLowerCase()),
            eq(teams.archived, false),
            exceptId ? ne(teams.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return row;
    },
    /** The teams by name; archived ones only when asked. */
    async list(options: { archived?: boolean } = {}): Promise<TeamRow[]> {
      const query = db.select().from(teams);
      return (options.archived ? query : query.where(eq(teams.archived, false))).orderBy(
        asc(byName),
        asc(teams.createdAt),
      );
    },
    async update(id: string, patch: TeamPatch): Promise<TeamRow | undefined> {
      return updateById(db, teams, id, patch);
    },
    /** The active teams still named after the club, renamed. */
    async renameNamedAfterClub(name: string): Promise<TeamRow[]> {
      return db
        .update(teams)
        .set({ name, updatedAt: sql`now()` })
        .where(and(eq(teams.namedAfterClub, true), eq(teams.archived, false), ne(teams.name, name)))
        .returning();
    },
    /** Each team's size and coaches (by name). */
    async summaries(teamIds: string[]): Promise<Map<string, TeamSummary>> {
      const result = new Map<string, TeamSummary>(
        teamIds.map((id) => [id, { memberCount: 0, coaches: [] }]),
      );
      if (teamIds.length === 0) return result;
      const rows = await membershipsWithUsers({
        teamId: teamMembers.teamId,
        userId: teamMembers.userId,
        role: teamMembers.role,
        name: users.name,
      })
        .where(inArray(teamMembers.teamId, teamIds))
        .orderBy(asc(users.name));
      for (const row of rows) {
        const summary = result.get(row.teamId)!;
        summary.memberCount += 1;
        if (row.role === 'coach') summary.coaches.push({ userId: row.userId, name: row.name });
      }
      return result;
    },
    /** A team's members: coaches first, then by name. */
    async roster(teamId: string): Promise<RosterRow[]> {
      return membershipsWithUsers({
        userId: teamMembers.userId,
        name: users.name,
        profilePicture: users.profilePicture,
        role: teamMembers.role,
      })
        .where(eq(teamMembers.teamId, teamId))
        .orderBy(asc(teamMembers.role), asc(users.name));
    },
    /** The member's teams and their role in each. */
    async membershipsOf(userId: string): Promise<TeamMembership[]> {
      return db
        .select({ teamId: teamMembers.teamId, role: teamMembers.role })
        .from(teamMembers)
        .where(eq(teamMembers.userId, userId))
        .orderBy(asc(teamMembers.createdAt), asc(teamMembers.teamId));
    },
    /** Every member's teams, by member (members in no team are absent). */
    async allMemberships(): Promise<Map<string, TeamMembership[]>> {
      const rows = await db
        .select({ userId: teamMembers.userId, teamId: teamMembers.teamId, role: teamMembers.role })
        .from(teamMembers)
        .orderBy(asc(teamMembers.createdAt), asc(teamMembers.teamId));
      const result = new Map<string, TeamMembership[]>();
      for (const { userId, ...membership } of rows) {
        result.set(userId, [...(result.get(userId) ?? []), membership]);
      }
      return result;
    },
    async roleOf(teamId: string, userId: string): Promise<TeamRole | null> {
      const [row] = await db
        .select({ role: teamMembers.role })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
        .limit(1);
      return row?.role ?? null;
    },
    /** Puts the member in the team with this role (or changes their role there). */
    async putMember(teamId: string, userId: string, role: TeamRole): Promise<void> {
      await db
        .insert(teamMembers)
        .values({ teamId, userId, role })
        .onConflictDoUpdate({ target: [teamMembers.teamId, teamMembers.userId], set: { role } });
    },
    /** True when the member was in the team. */
    async removeMember(teamId: string, userId: string): Promise<boolean> {
      return deleteWhere(db, teamMembers, { teamId, userId });
    },
    /** Ends every membership of the member (they left the club). */
    async removeAllOf(userId: string): Promise<void> {
      await db.delete(teamMembers).where(eq(teamMembers.userId, userId));
    },
    /** The app title last heard, or undefined before any branding event. */
    async appTitle(): Promise<string | undefined> {
      const [row] = await db.select({ appTitle: branding.appTitle }).from(branding).limit(1);
      return row?.appTitle;
    },
    /**
     * Keeps the title and adult age unless a newer event is kept already. Answers whether it was
     * kept and the adult age kept before (null: none heard yet).
     */
    async rememberBranding(
      event: { appTitle: string; adultAge?: number | undefined },
      updatedAt: Date,
    ): Promise<{ kept: boolean; previousAdultAge: number | null }> {
      // The row locked until the transaction ends: two events at once compare with what the
      // other wrote.
      const [before] = await db
        .select({ adultAge: branding.adultAge })
        .from(branding)
        .limit(1)
        .for('update');
      const { appTitle } = event;
      const adultAge = event.adultAge ?? null;
      const rows = await db
        .insert(branding)
        .values({ id: true, appTitle, adultAge, updatedAt })
        .onConflictDoUpdate({
          target: branding.id,
          set: { appTitle, adultAge, updatedAt },
          setWhere: sql`${branding.updatedAt} <= ${updatedAt.toISOString()}`,
        })
        .returning({ id: branding.id });
      return { kept: rows.length > 0, previousAdultAge: before?.adultAge ?? null };
    },
  };
}

export type TeamsRepo = ReturnType<typeof createTeamsRepo>;
