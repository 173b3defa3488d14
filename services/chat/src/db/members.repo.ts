/** Data access for the member list kept from the auth service's member events. */
import { applyMemberChange, type Database, type MemberChange } from '@teamapp/service-kit';
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
    async activeAmong(userIds: string[]): Promise<string[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .select({ userId: members.userId })
        .from(members)
        .where(and(inArray(members.userId, userIds), eq(members.active, true)));
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
