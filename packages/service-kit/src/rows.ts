/**
 * Row writes the repositories of every service make the same way: a patch on a row by its id
 * (tables with service-kit's id and updated_at columns, columns.ts), a delete or an insert that
 * answers whether it found or added a row.
 */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
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
 * Deletes the rows whose columns hold all the given values (`{ childId, guardianId }`); true when
 * there was one. At least one column is required: a delete matching nothing would take every row.
 */
export async function deleteWhere<TTable extends PgTable>(
  db: AnyDatabase,
  table: TTable,
  match: Partial<TTable['$inferSelect']>,
): Promise<boolean> {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const conditions = Object.entries(match).map(([key, value]) => eq(columns[key]!, value));
  if (conditions.length === 0) throw new Error('deleteWhere needs at least one column to match');
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
