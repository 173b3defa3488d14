/**
 * Column helpers every service's Drizzle schema uses, so ids and timestamps look the same in
 * every table: UUID primary keys made by the database, timestamps with time zone.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  timestamp,
  uuid,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgSchema,
} from 'drizzle-orm/pg-core';

/** `id uuid primary key default gen_random_uuid()`. */
export const idColumn = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);

/** A `timestamptz not null default now()` column, `created_at` unless named otherwise. */
export const createdAtColumn = (name = 'created_at') =>
  timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** `updated_at timestamptz not null default now()`; writers set it with sql`now()`. */
export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A nullable `timestamptz` column. */
export const optionalTimestamp = (name: string) => timestamp(name, { withTimezone: true });

/** A required `timestamptz` column the writer always sets (no default). */
export const requiredTimestamp = (name: string) =>
  timestamp(name, { withTimezone: true }).notNull();

/**
 * A `uuid not null` column that belongs to a row of another table of the same schema and goes
 * with it: `references … on delete cascade`.
 */
export const ownerColumn = (name: string, owner: () => AnyPgColumn) =>
  uuid(name).notNull().references(owner, { onDelete: 'cascade' });

/**
 * `user_id uuid not null`: a member, known by id only (members live in the auth service, so no
 * foreign key crosses to them).
 */
export const memberIdColumn = () => uuid('user_id').notNull();

/**
 * A one-row copy of what another service last published (e.g. the club's branding): `id` is
 * always true, `updated_at` is the event's own time, so an older event never replaces a newer one.
 */
export function latestCopyTable<
  TName extends string,
  TColumns extends Record<string, PgColumnBuilderBase>,
>(schema: PgSchema, name: TName, columns: TColumns) {
  return schema.table(name, {
    id: boolean('id').primaryKey().default(true),
    ...columns,
    updatedAt: requiredTimestamp('updated_at'),
  });
}
