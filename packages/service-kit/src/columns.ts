/**
 * Column helpers every service's Drizzle schema uses, so ids and timestamps look the same in
 * every table: UUID primary keys made by the database, timestamps with time zone.
 */
import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

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
