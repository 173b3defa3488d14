/** The content service's tables, in its own `content` schema. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgSchema,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

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

/** One row per recipient. (job_id, user_id) is unique, so a redelivered job adds nothing. */
export const notifications = contentSchema.table(
  'notifications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    jobId: text('job_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('notifications_job_user_unique').on(t.jobId, t.userId),
    index('notifications_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Who "everyone" is: the active members, kept from the auth service's member events. */
export const members = contentSchema.table('members', {
  userId: uuid('user_id').primaryKey(),
  joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
});

export type NotificationRow = typeof notifications.$inferSelect;

export const schema = { settings, notifications, members };
export type ContentSchema = typeof schema;
