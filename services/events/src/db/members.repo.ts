/** Data access for the member list kept from the auth service's member events. */
import { applyMemberChange, type Database, type MemberChange } from '@teamapp/service-kit';
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
