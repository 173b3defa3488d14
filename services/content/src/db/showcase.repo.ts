/** Data access for the showcase's edited parts (one row) and the member count it shows. */
import type { ShowcaseEditable } from '@teamapp/contracts';
import type { Database } from '@teamapp/service-kit';
import { and, count, eq, sql } from 'drizzle-orm';
import { members, showcase, type ContentSchema } from './schema';

const ROW_ID = 1;

export function createShowcaseRepo(db: Database<ContentSchema>) {
  return {
    async get(): Promise<ShowcaseEditable | undefined> {
      const [row] = await db.select().from(showcase).where(eq(showcase.id, ROW_ID)).limit(1);
      return row?.editable;
    },
    async save(editable: ShowcaseEditable, updatedBy: string): Promise<void> {
      await db
        .insert(showcase)
        .values({ id: ROW_ID, editable, updatedBy, updatedAt: sql`now()` })
        .onConflictDoUpdate({
          target: showcase.id,
          set: { editable, updatedBy, updatedAt: sql`now()` },
        });
    },
    /** Members still in the club (kept from the auth service's member events). */
    async activeMembers(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(members).where(eq(members.active, true));
      return row?.n ?? 0;
    },
    /**
     * The names of the young players still in the club, for scorers from an events service that
     * does not say who is a minor (one that does is believed).
     */
    async minorNames(): Promise<Set<string>> {
      const rows = await db
        .select({ name: members.name })
        .from(members)
        .where(and(eq(members.active, true), eq(members.minor, true)));
      return new Set(rows.flatMap((r) => (r.name ? [r.name] : [])));
    },
  };
}

export type ShowcaseRepo = ReturnType<typeof createShowcaseRepo>;
