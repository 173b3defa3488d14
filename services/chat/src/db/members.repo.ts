/** Data access for the member list kept from the auth service's member events. */
import {
  applyMemberChange,
  inTeamCondition,
  membershipsOf,
  teamCallerOf,
  type AuthUser,
  type Database,
  type MemberChange,
  type TeamCaller,
} from '@teamapp/service-kit';
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { memberFamilies, members, type ChatSchema, type MemberGuardian } from './schema';

/** A member as the family rules see them: under the adult age, and their guardians' ids. */
export interface FamilyOf {
  minor: boolean;
  guardianIds: string[];
}

/** The condition "this family row names `guardianId` among its guardians". */
export const hasGuardian = (guardianId: string) =>
  sql`${memberFamilies.guardians} @> ${JSON.stringify([{ userId: guardianId }])}::jsonb`;

export function createMembersRepo(db: Database<ChatSchema>) {
  /** The ids of the active members who meet every condition given (undefined: none). */
  async function activeIdsWhere(...conditions: (SQL | undefined)[]): Promise<string[]> {
    const rows = await db
      .select({ userId: members.userId })
      .from(members)
      .where(and(eq(members.active, true), ...conditions));
    return rows.map((r) => r.userId);
  }

  return {
    /** Records a change unless a newer one is already recorded; true when it was applied. */
    apply: (change: MemberChange): Promise<boolean> => applyMemberChange(db, members, change),
    /** The ids of every active member but one (the creator of a group room). */
    activeIdsExcept: (userId: string): Promise<string[]> =>
      activeIdsWhere(ne(members.userId, userId)),
    /** Of these members, the active ones (and, with `teamId`, in that team). */
    async activeAmong(userIds: string[], teamId?: string | null): Promise<string[]> {
      if (userIds.length === 0) return [];
      return activeIdsWhere(
        inArray(members.userId, userIds),
        teamId ? inTeamCondition(members, teamId) : undefined,
      );
    },
    /** The ids of the team's active members (players and coaches), but `exceptId`. */
    activeInTeam: (teamId: string, exceptId?: string): Promise<string[]> =>
      activeIdsWhere(
        inTeamCondition(members, teamId),
        exceptId ? ne(members.userId, exceptId) : undefined,
      ),
    /** The ids of the teams the member is in (none once they left the club). */
    async teamIdsOf(userId: string): Promise<string[]> {
      const [row] = await db
        .select({ active: members.active, teams: members.teams })
        .from(members)
        .where(eq(members.userId, userId));
      return row?.active ? membershipsOf(row.teams).map((m) => m.teamId) : [];
    },
    /** The caller with their teams, for the team rules (service-kit teams.ts). */
    teamCaller: (user: Pick<AuthUser, 'id' | 'role'>): Promise<TeamCaller> =>
      teamCallerOf(db, members, user),
    /** Records the family part of a member's snapshot (after the member change was applied). */
    async setFamily(userId: string, family: { guardians: MemberGuardian[]; minor: boolean }) {
      await db
        .insert(memberFamilies)
        .values({ userId, ...family })
        .onConflictDoUpdate({ target: memberFamilies.userId, set: family });
    },
    /** Each member's family (a member never described is an adult without guardians). */
    async familiesOf(userIds: string[]): Promise<Map<string, FamilyOf>> {
      const found = new Map<string, FamilyOf>(
        userIds.map((id) => [id, { minor: false, guardianIds: [] }]),
      );
      if (userIds.length === 0) return found;
      const rows = await db
        .select()
        .from(memberFamilies)
        .where(inArray(memberFamilies.userId, userIds));
      for (const row of rows) {
        found.set(row.userId, {
          minor: row.minor,
          guardianIds: row.guardians.map((g) => g.userId),
        });
      }
      return found;
    },
    /** The ids of the children this member is a guardian of. */
    async childrenOf(guardianId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: memberFamilies.userId })
        .from(memberFamilies)
        .where(hasGuardian(guardianId));
      return rows.map((r) => r.userId);
    },
    async nameOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ name: members.name })
        .from(members)
        .where(eq(members.userId, userId));
      return row?.name ?? null;
    },
  };
}

export type MembersRepo = ReturnType<typeof createMembersRepo>;
