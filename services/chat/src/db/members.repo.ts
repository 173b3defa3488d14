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
import { and, eq, inArray, ne } from 'drizzle-orm';
import { members, type ChatSchema } from './schema';

export function createMembersRepo(db: Database<ChatSchema>) {
  return {
    /** Records a change unless a newer one is already recorded; true when it was applied. */
    apply: (change: MemberChange): Promise<boolean> => applyMemberChange(db, members, change),
    /** The ids of every active member but one (the creator of a group room). */
    async activeIdsExcept(userId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: members.userId })
        .from(members)
        .where(and(eq(members.active, true), ne(members.userId, userId)));
      return rows.map((r) => r.userId);
    },
    /** Of these members, the active ones (and, with `teamId`, in that team). */
    async activeAmong(userIds: string[], teamId?: string | null): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .select({ userId: members.userId })
        .from(members)
        .where(
          and(
            inArray(members.userId, userIds),
            eq(members.active, true),
            teamId ? inTeamCondition(members, teamId) : undefined,
          ),
        );
      return rows.map((r) => r.userId);
    },
    /** The ids of the team's active members (players and coaches), but `exceptId`. */
    async activeInTeam(teamId: string, exceptId?: string): Promise<string[]> {
      const rows = await db
        .select({ userId: members.userId })
        .from(members)
        .where(
          and(
            eq(members.active, true),
            inTeamCondition(members, teamId),
            exceptId ? ne(members.userId, exceptId) : undefined,
          ),
        );
      return rows.map((r) => r.userId);
    },
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
