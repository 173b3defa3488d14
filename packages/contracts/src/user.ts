import { z } from 'zod';
import { teamMembershipSchema } from './teams';
import { ROLES } from './constants';
import { dataAnswerSchema, emailField, requiredText } from './common';
import { endpoint } from './endpoint';
import { passwordSchema } from './password';

export const roleSchema = z.enum(ROLES, { error: 'role must be admin or player' });

/**
 * Where an invited person stands: `pending` until their first sign-in, `expired` when the
 * temporary password ran out before it, `accepted` once they signed in.
 */
export const invitationStatusSchema = z.enum(['pending', 'expired', 'accepted']);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

/**
 * A user as the API returns it (reference §3). The fields after created_at are for admins only: a
 * player's list never carries coach notes or invitation state. No password, temporary or not,
 * ever leaves the server.
 */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  phone: z.string().nullable(),
  position: z.string().nullable(),
  bio: z.string().nullable(),
  nickname: z.string().nullable(),
  /** Public path of the 512 px picture; the 128 px one ends in -128.webp instead of -512.webp. */
  profile_picture: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  coach_notes: z.string().nullable().optional(),
  /** null: the account was not made by an invitation. */
  invitation_status: invitationStatusSchema.nullable().optional(),
  /** When the temporary password stops working (ISO), while an invitation is open. */
  invitation_expires_at: z.string().nullable().optional(),
  /**
   * Families (family.ts): false for a player the club added without a login of their own (their
   * `email` is then empty). Absent: true.
   */
  has_login: z.boolean().optional(),
  /**
   * YYYY-MM-DD; only to the member themselves, their guardians, their teams' coaches and club
   * admins (absent for anyone else), null when not known.
   */
  date_of_birth: z.string().nullable().optional(),
  /** Under the club's adult age (family.ts `isMinor`). */
  minor: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/** GET /user/all: the directory (admins also get the admin-only fields and inactive accounts). */
export const usersListResponseSchema = dataAnswerSchema(z.array(userSchema));

/** The signed-in user as login returns it. */
export const sessionUserSchema = userSchema.extend({
  /** Signed in with a temporary password: a new one must be chosen before anything else. */
  mustChangePassword: z.boolean(),
  /** The children this member is a guardian of (family.ts); empty or absent when none. */
  children: z.array(z.uuid()).optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The reduced entry every signed-in user may list (GET /user/team). */
export const teamMemberSchema = userSchema.pick({ id: true, name: true, email: true });
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** An admin creating an account directly, with a password (the e2e player factory uses it). */
export const createUserSchema = z.object({
  name: requiredText('name', 120),
  email: emailField(),
  role: roleSchema.default('player'),
  password: passwordSchema,
  /**
   * The team the new member joins as a player (teams.ts); left out, with one team in the club,
   * they join it (a club admin as its coach).
   */
  teamId: z.uuid({ error: 'teamId must be a valid identifier' }).optional(),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

export const EMAIL_TAKEN = 'A user with this email already exists';

/** One user in the envelope (reference §7), as a create or a profile edit answers. */
export const userAnswerSchema = dataAnswerSchema(userSchema);

/**
 * The member lists and the direct account creation (reference §7); the invitations, profile
 * edits, removal and the password change are `peopleEndpoints` (people.ts).
 */
export const usersEndpoints = {
  team: endpoint({
    method: 'GET',
    path: '/user/team',
    answer: dataAnswerSchema(z.array(teamMemberSchema)),
    summary: 'The active members: id, name and email',
  }),
  all: endpoint({
    method: 'GET',
    path: '/user/all',
    answer: usersListResponseSchema,
    summary: 'The member directory',
  }),
  create: endpoint({
    method: 'POST',
    path: '/user',
    body: createUserSchema,
    answer: userAnswerSchema,
    status: 201,
    summary: 'Create an account with a password',
  }),
};

/** What other services may keep of a member. */
export const memberSnapshotSchema = z.object({
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  profilePicture: z.string().nullable(),
  /**
   * The member's teams and their role in each (teams.ts). Absent in events from before teams:
   * a consumer then keeps what it knew.
   */
  teams: z.array(teamMembershipSchema).optional(),
  /**
   * Families (family.ts), absent in events from before families (a consumer then takes none,
   * false and true): the member's guardians while the guardianship lasts (cleared when the
   * member reaches the club's adult age or the club removes them), whether they are under the
   * adult age, and whether they have a login (no mail or push goes to a member without one).
   */
  guardians: z
    .array(z.object({ userId: z.uuid(), name: z.string(), relation: z.string().nullable() }))
    .optional(),
  minor: z.boolean().optional(),
  hasLogin: z.boolean().optional(),
});

/**
 * Published when the member list changes, so other services can keep who "everyone" is:
 * `joined` (created or reactivated), `updated` (profile, role or picture), `left` (deleted or
 * deactivated). `at` orders events about one member: a consumer keeps the newest.
 */
export const memberEventSchema = z.object({
  userId: z.uuid(),
  kind: z.enum(['joined', 'updated', 'left']),
  at: z.iso.datetime({ offset: true }).optional(),
  member: memberSnapshotSchema.optional(),
});
export type MemberEvent = z.infer<typeof memberEventSchema>;
