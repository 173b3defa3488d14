/** Data access for the member list kept from the auth service's member events. */
import type { Database } from '@teamapp/service-kit';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { members, type TasksSchema, type MemberRow } from './schema';

export interface MemberChange {
  userId: string;
  active: boolean;
  at: Date;
  /** Absent when the event carried no snapshot: what is known stays. */
  name?: string;
  email?: string;
  role?: string;
}

export function createMembersRepo(db: Database<TasksSchema>) {
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
    /** Every member ever seen, active or not, by name. */
    async all(): Promise<MemberRow[]> {
      return db.select().from(members).orderBy(asc(members.name), asc(members.userId));
    },
    /** The member with this id, if they are active. */
    async active(userId: string): Promise<MemberRow | undefined> {
      const [row] = await db
        .select()
        .from(members)
        .where(and(eq(members.userId, userId), eq(members.active, true)));
      return row;
    },
  };
}

export type MembersRepo = ReturnType<typeof createMembersRepo>;
