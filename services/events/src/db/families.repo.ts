/** Data access for families (contracts family.ts): each member's guardians, kept beside `members`. */
import type { Database } from '@teamapp/service-kit';
import { eq, inArray, lte, sql } from 'drizzle-orm';
import { memberFamilies, type EventsSchema, type FamilyRow, type GuardianLink } from './schema';

/** What a member snapshot says of a member's family; absent fields: none, an adult, a login. */
export interface FamilyChange {
  userId: string;
  at: Date;
  guardians: GuardianLink[];
  minor: boolean;
  hasLogin: boolean;
}

/** A member without a row: no guardians, an adult, with a login. */
export const NO_FAMILY = { guardians: [], minor: false, hasLogin: true } as const;

export function createFamiliesRepo(db: Database<EventsSchema>) {
  return {
    /** Records a change unless a newer one is already recorded; true when it was applied. */
    async apply(change: FamilyChange): Promise<boolean> {
      const { userId, at, guardians, minor, hasLogin } = change;
      const rows = await db
        .insert(memberFamilies)
        .values({ userId, guardians, minor, hasLogin, changedAt: at })
        .onConflictDoUpdate({
          target: memberFamilies.userId,
          set: { guardians, minor, hasLogin, changedAt: at },
          setWhere: lte(memberFamilies.changedAt, at),
        })
        .returning({ userId: memberFamilies.userId });
      return rows.length > 0;
    },
    async find(userId: string): Promise<FamilyRow | undefined> {
      const [row] = await db
        .select()
        .from(memberFamilies)
        .where(eq(memberFamilies.userId, userId))
        .limit(1);
      return row;
    },
    /** The rows of these members (those without one have no family to tell). */
    async among(userIds: string[]): Promise<FamilyRow[]> {
      if (userIds.length === 0) return [];
      return db.select().from(memberFamilies).where(inArray(memberFamilies.userId, userIds));
    },
    /** Every member with a guardian, or without a login: the rows that say anything. */
    async all(): Promise<FamilyRow[]> {
      return db
        .select()
        .from(memberFamilies)
        .where(sql`${memberFamilies.guardians} <> '[]'::jsonb or not ${memberFamilies.hasLogin}`);
    },
    /** The members this one is a guardian of. */
    async childrenOf(guardianId: string): Promise<FamilyRow[]> {
      return db
        .select()
        .from(memberFamilies)
        .where(
          sql`${memberFamilies.guardians} @> ${JSON.stringify([{ userId: guardianId }])}::jsonb`,
        );
    },
  };
}

export type FamiliesRepo = ReturnType<typeof createFamiliesRepo>;
