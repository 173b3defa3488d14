/** Data access for the member list kept from the auth service's member events. */
import type { Database } from '@teamapp/service-kit';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { members, type EventsSchema, type MemberRow } from './schema';

export interface MemberChange {
  userId: string;
  active: boolean;
  at: Date;
  /** Absent when the event carried no snapshot: what is known stays. */
  name?: string;
  email?: string;
  role?: string;
}

export function createMembersRepo(db: Database<EventsSchema>) {
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
    /** Every member ever seen, active or not (names for old records), by name. */
    async all(): Promise<MemberRow[]> {
      return db.select().from(members).orderBy(asc(members.name), asc(members.userId));
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
