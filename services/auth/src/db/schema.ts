/** The auth service's tables, in its own `auth` schema. */
import {
  createdAtColumn,
  idColumn,
  optionalTimestamp,
  outboxTable,
  updatedAtColumn,
} from '@teamapp/service-kit';
import { boolean, index, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const authSchema = pgSchema('auth');

export const users = authSchema.table('users', {
  id: idColumn(),
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
  /** Signed in with a temporary password (an invitation) and not yet chosen their own. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  /** When the temporary password stops working; null once the user chose their own. */
  tempPasswordExpiresAt: optionalTimestamp('temp_password_expires_at'),
  /** Set when the account was made (or re-sent) by an invitation. */
  invitedAt: optionalTimestamp('invited_at'),
  lastLoginAt: optionalTimestamp('last_login_at'),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** Password reset tokens, stored only as a SHA-256 hash; single use; expiring. */
export const passwordResetTokens = authSchema.table(
  'password_reset_tokens',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: optionalTimestamp('used_at'),
    createdAt: createdAtColumn(),
    /** The client address the reset was asked from (null for links made before it was kept). */
    requestedFrom: text('requested_from'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId, t.createdAt)],
);

export const outbox = outboxTable(authSchema);

export const schema = { users, passwordResetTokens, outbox };
export type AuthSchema = typeof schema;
