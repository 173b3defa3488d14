/** The auth service's tables, in its own `auth` schema. */
import { sql } from 'drizzle-orm';
import { boolean, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const authSchema = pgSchema('auth');

export const users = authSchema.table('users', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['admin', 'player'] }).notNull(),
  phone: text('phone'),
  position: text('position'),
  bio: text('bio'),
  nickname: text('nickname'),
  profilePicture: text('profile_picture'),
  coachNotes: text('coach_notes'),
  isActive: boolean('is_active').notNull().default(true),
  tempPassword: text('temp_password'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export const schema = { users };
export type AuthSchema = typeof schema;
