/** Data access for guardian links (docs/reference.md "Families"). */
import { type Database, deleteWhere, insertIfNew } from '@teamapp/service-kit';
import { and, asc, eq } from 'drizzle-orm';
import { guardians, users, type AuthSchema, type UserRow } from './schema';

/** A child's guardian: their row and how the club calls them. */
export interface GuardianLink {
  guardian: UserRow;
  relation: string | null;
}

/** A guardian link with the guardian's name, as member snapshots carry it. */
export interface NamedLink {
  childId: string;
  userId: string;
  name: string;
  relation: string | null;
}

export function createGuardiansRepo(db: Database<AuthSchema>) {
  const named = () =>
    db
      .select({
        childId: guardians.childId,
        userId: guardians.guardianId,
        name: users.name,
        relation: guardians.relation,
      })
      .from(guardians)
      .innerJoin(users, eq(users.id, guardians.guardianId));

  return {
    /** The child's guardians, by name. */
    async ofChild(childId: string): Promise<GuardianLink[]> {
      const rows = await db
        .select({ guardian: users, relation: guardians.relation })
        .from(guardians)
        .innerJoin(users, eq(users.id, guardians.guardianId))
        .where(eq(guardians.childId, childId))
        .orderBy(asc(users.name));
      return rows;
    },
    /** The child's guardians as their snapshot names them. */
    async namedOf(childId: string): Promise<NamedLink[]> {
      return named().where(eq(guardians.childId, childId)).orderBy(asc(users.name));
    },
    /** Every child's guardians, by child. */
    async allNamed(): Promise<Map<string, NamedLink[]>> {
      const result = new Map<string, NamedLink[]>();
      for (const link of await named().orderBy(asc(users.name))) {
        result.set(link.childId, [...(result.get(link.childId) ?? []), link]);
      }
      return result;
    },
    /** The children linked to this guardian (whether or not they are still minors). */
    async childrenOf(guardianId: string): Promise<UserRow[]> {
      const rows = await db
        .select({ child: users })
        .from(guardians)
        .innerJoin(users, eq(users.id, guardians.childId))
        .where(eq(guardians.guardianId, guardianId))
        .orderBy(asc(users.name));
      return rows.map((r) => r.child);
    },
    async isLinked(childId: string, guardianId: string): Promise<boolean> {
      const [row] = await db
        .select({ childId: guardians.childId })
        .from(guardians)
        .where(and(eq(guardians.childId, childId), eq(guardians.guardianId, guardianId)))
        .limit(1);
      return row !== undefined;
    },
    /** False when the pair was linked already. */
    async link(childId: string, guardianId: string, relation: string | null): Promise<boolean> {
      return insertIfNew(db, guardians, { childId, guardianId, relation });
    },
    /** False when the pair was not linked. */
    async unlink(childId: string, guardianId: string): Promise<boolean> {
      return deleteWhere(db, guardians, { childId, guardianId });
    },
  };
}

export type GuardiansRepo = ReturnType<typeof createGuardiansRepo>;
