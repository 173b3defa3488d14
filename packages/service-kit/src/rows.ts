/**
 * Row writes the repositories of every service make the same way: a patch on a row by its id
 * (tables with service-kit's id and updated_at columns, columns.ts), a delete or an insert that
 * answers whether it found or added a row.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from './db';

// Any service's database or open transaction.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Database<any>;

type TableWithIdAndUpdatedAt = PgTable & { id: AnyPgColumn; updatedAt: AnyPgColumn };

/**
 * Writes the patch on the row with this id, its `updated_at` set to now(): the row as written,
 * or undefined when there is none.
 */
export async function updateById<TTable extends TableWithIdAndUpdatedAt>(
  db: AnyDatabase,
  table: TTable,
  id: string,
  patch: PgUpdateSetSource<TTable>,
): Promise<TTable['$inferSelect'] | undefined> {
  const rows = await db
    .update(table)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(table.id, id))
    .returning();
  return (rows as TTable['$inferSelect'][])[0];
}

/**
 * Deletes the rows all the conditions pick; true when there was one. At least one condition is
 * required (a delete with none would take every row).
 */
export async function deleteWhere(
  db: AnyDatabase,
  table: PgTable,
  ...conditions: [SQL, ...SQL[]]
): Promise<boolean> {
  const rows = await db
    .delete(table)
    .where(and(...conditions))
    .returning({ found: sql`1` });
  return rows.length > 0;
}

/** Inserts the row unless one with its key is there already; true when it was added. */
export async function insertIfNew<TTable extends PgTable>(
  db: AnyDatabase,
  table: TTable,
  values: TTable['$inferInsert'],
): Promise<boolean> {
  const rows = await db
    .insert(table)
    .values(values)
    .onConflictDoNothing()
    .returning({ added: sql`1` });
  return rows.length > 0;
}
