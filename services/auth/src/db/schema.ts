/** The auth service's tables, in its own `auth` schema. */
import {
  createdAtColumn,
  idColumn,
  optionalTimestamp,
  latestCopyTable,
  outboxTable,
  updatedAtColumn,
  ownerColumn,
  requiredTimestamp,
} from '@teamapp/service-kit';
import { TEAM_COLOURS, TEAM_ROLES } from '@teamapp/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgSchema,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const authSchema = pgSchema('auth');

export const users = authSchema.table('users', {
  id: idColumn(),
  name: text('name').notNull(),
  /** Null for a player the club added without a login of their own (docs/reference.md "Families"). */
  email: text('email').unique(),
  /** Null while the member has no login: nothing can sign in as them. */
  passwordHash: text('password_hash'),
  role: text('role', { enum: ['admin', 'player'] }).notNull(),
  phone: text('phone'),
  position: text('position'),
  bio: text('bio'),
  nickname: text('nickname'),
  profilePicture: text('profile_picture'),
  coachNotes: text('coach_notes'),
  /** YYYY-MM-DD; who may read it: docs/reference.md "Families". */
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
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
    userId: ownerColumn('user_id', () => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: requiredTimestamp('expires_at'),
    usedAt: optionalTimestamp('used_at'),
    createdAt: createdAtColumn(),
    /** The client address the reset was asked from (null for links made before it was kept). */
    requestedFrom: text('requested_from'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The club's teams (docs/reference.md "Teams"). A name is unique among the teams not archived,
 * whatever its case; archiving frees it.
 */
export const teams = authSchema.table(
  'teams',
  {
    id: idColumn(),
    name: text('name').notNull(),
    colour: text('colour', { enum: TEAM_COLOURS }).notNull().default(TEAM_COLOURS[0]),
    public: boolean('public').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    /** The first team, named after the club's app title until a club admin renames it. */
    namedAfterClub: boolean('named_after_club').notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('teams_active_name_idx')
      .on(sql`lower(${t.name})`)
      .where(sql`not ${t.archived}`),
  ],
);

export type TeamRow = typeof teams.$inferSelect;

/** Who is in which team, in which role; a member who leaves the club leaves every team. */
export const teamMembers = authSchema.table(
  'team_members',
  {
    teamId: ownerColumn('team_id', () => teams.id),
    userId: ownerColumn('user_id', () => users.id),
    role: text('role', { enum: TEAM_ROLES }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_members_user_idx').on(t.userId),
  ],
);

/**
 * Who answers for whom (docs/reference.md "Families"): a guardian linked to a child. The link is
 * kept when the child comes of age; the guardianship itself ends then (memberships.ts).
 */
export const guardians = authSchema.table(
  'guardians',
  {
    childId: ownerColumn('child_id', () => users.id),
    guardianId: ownerColumn('guardian_id', () => users.id),
    /** How the club calls them ("Mother"), or null. */
    relation: text('relation'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.childId, t.guardianId] }),
    index('guardians_guardian_idx').on(t.guardianId),
  ],
);

/**
 * The club's app title and adult age as content last published them (queue `auth-branding`):
 * one row, or none before the first branding event arrived.
 */
export const branding = latestCopyTable(authSchema, 'branding', {
  appTitle: text('app_title').notNull(),
  /**
   * The club's adult age (docs/reference.md "Families"), or null when the events heard so far
   * did not carry one: then ADULT_AGE.
   */
  adultAge: integer('adult_age'),
});

export const outbox = outboxTable(authSchema);

export const schema = {
  users,
  passwordResetTokens,
  teams,
  teamMembers,
  guardians,
  branding,
  outbox,
};
export type AuthSchema = typeof schema;
