/**
 * Tables service-kit defines for every service that keeps them (the outbox, the copy of the
 * club's teams) are also created by service-kit: their SQL is written once, beside their Drizzle
 * definition, instead of once per service in each service's generated migrations. `openDatabase`
 * runs it in the service's schema after the service's own migrations, at every start, so each
 * statement must be idempotent (`create table if not exists`, and for a later change of shape
 * `alter table … add column if not exists` appended to the list).
 *
 * Drizzle Kit still sees these tables in each service's schema and keeps them in its snapshots, so
 * it writes nothing for them while they are unchanged. A change to one is made here; the migration
 * Drizzle Kit then generates for it in each service is that change again, and is deleted.
 */
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** The statements that create a shared table in the given schema. */
type SharedTableSql = (schema: string) => string[];

const sharedTables = new WeakMap<PgTable, SharedTableSql>();

/** Marks `table` as created by service-kit with these statements; answers the table. */
export function sharedTable<T extends PgTable>(table: T, statements: SharedTableSql): T {
  sharedTables.set(table, statements);
  return table;
}

/** The statements that create the shared tables among these values (a service's Drizzle schema). */
export function sharedTableStatements(schema: Record<string, unknown>): string[] {
  return Object.values(schema).flatMap((value) => {
    const statements = sharedTables.get(value as PgTable);
    return statements ? statements(getTableConfig(value as PgTable).schema ?? 'public') : [];
  });
}

/** Creates the shared tables of a service's schema where they are missing. */
export async function createSharedTables(
  db: { execute: (query: ReturnType<typeof sql.raw>) => Promise<unknown> },
  schema: Record<string, unknown>,
): Promise<void> {
  for (const statement of sharedTableStatements(schema)) await db.execute(sql.raw(statement));
}
