/** Data access for the member list kept from the auth service's member events. */
import type { Database } from '@teamapp/service-kit';
import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { members, type ChatSchema } from './schema';

export interface MemberChange {
  userId: string;
  active: boolean;
  at: Date;
  /** Absent when the event carried no snapshot: what is known stays. */
  name?: string;
  email?: string;
  role?: string;
}

export function createMembersRepo(db: Database<ChatSchema>) {
  return {
    /** Records a change unless a newer one is already recorded; true when it was applied. */
    async apply(change: MemberChange): Promise<boolean> {
      const { userId, active, at } = change;
      const snapshot = { name: change.name, email: change.email, role: change.role };
      const rows = await db
        .insert(members)
        .values({ userId, active, changedAt: at, ...snapshot })
        .onConflictDoUpdate({
          target: members.userId,
          set: {
            active,
            changedAt: at,
            name: sql`coalesce(excluded.name, ${members.name})`,
            email: sql`coalesce(excluded.email, ${members.email})`,
            role: sql`coalesce(excluded.role, ${members.role})`,
          },
          setWhere: lte(members.changedAt, at),
        })
        .returning({ userId: members.userId });
      return rows.length > 0;
    },
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
