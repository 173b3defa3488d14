/** Data access for the member list kept from the auth service's member events. */
import { applyMemberChange, type Database, type MemberChange } from '@teamapp/service-kit';
import { and, asc, eq } from 'drizzle-orm';
import { members, type TasksSchema, type MemberRow } from './schema';

export function createMembersRepo(db: Database<TasksSchema>) {
  return {
    /** Records a change unless a newer one is already recorded; true when it was applied. */
    apply: (change: MemberChange): Promise<boolean> => applyMemberChange(db, members, change),
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
