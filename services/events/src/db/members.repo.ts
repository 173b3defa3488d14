/** Data access for the member list kept from the auth service's member events. */
import type { AuthUser } from '@teamapp/service-kit';
import {
  applyMemberChange,
  inTeamCondition,
  teamCallerOf,
  type Database,
  type MemberChange,
  type TeamCaller,
} from '@teamapp/service-kit';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { members, type EventsSchema, type MemberRow } from './schema';

export function createMembersRepo(db: Database<EventsSchema>) {
  return {
    /** Records a change unless a newer one is already recorded; true when it was applied. */
    apply: (change: MemberChange): Promise<boolean> => applyMemberChange(db, members, change),
    /** Every member ever seen, active or not (names for old records), by name. */
    async all(): Promise<MemberRow[]> {
      return db.select().from(members).orderBy(asc(members.name), asc(members.userId));
    },
    /** Who is asking, with their teams (the rules of service-kit teams.ts take it). */
    caller: (user: Pick<AuthUser, 'id' | 'role'>): Promise<TeamCaller> =>
      teamCallerOf(db, members, user),
    /** The team's active members (players and coaches). */
    async activeInTeam(teamId: string): Promise<MemberRow[]> {
      return db
        .select()
        .from(members)
        .where(and(eq(members.active, true), inTeamCondition(members, teamId)));
    },
    async find(userId: string): Promise<MemberRow | undefined> {
      const [row] = await db.select().from(members).where(eq(members.userId, userId)).limit(1);
      return row;
    },
    async activeAmong(userIds: string[]): Promise<MemberRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(members)
        .where(and(inArray(members.userId, userIds), eq(members.active, true)));
    },
  };
}

export type MembersRepo = ReturnType<typeof createMembersRepo>;
