/** The content service's tables, in its own `content` schema. */
import { integer, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

export const contentSchema = pgSchema('content');

/** Branding: a single row (id 1). */
export const settings = contentSchema.table('settings', {
  id: integer('id').primaryKey(),
  appTitle: text('app_title').notNull(),
  headerColor: text('header_color').notNull(),
  logoBackground: text('logo_background').notNull(),
  logoUrl: text('logo_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SettingsRow = typeof settings.$inferSelect;

export const schema = { settings };
export type ContentSchema = typeof schema;
