import { z } from 'zod';
import { ROLES } from './constants';
import { emailField, requiredText } from './common';
import { passwordSchema } from './password';

export const roleSchema = z.enum(ROLES, { error: 'role must be admin or player' });

/** A user as the API returns it (SPEC §3). coach_notes is present for admins only. */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  phone: z.string().nullable(),
  position: z.string().nullable(),
  bio: z.string().nullable(),
  nickname: z.string().nullable(),
  profile_picture: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  coach_notes: z.string().nullable().optional(),
  temp_password: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/** The reduced entry every signed-in user may list (GET /user/team). */
export const teamMemberSchema = userSchema.pick({ id: true, name: true, email: true });
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** An admin creating an account directly (the base that invitations build on). */
export const createUserSchema = z.object({
  name: requiredText('name', 120),
  email: emailField(),
  role: roleSchema.default('player'),
  password: passwordSchema,
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/** Published when the member list changes, so other services can keep who "everyone" is. */
export const memberEventSchema = z.object({
  userId: z.uuid(),
  kind: z.enum(['joined', 'left']),
});
export type MemberEvent = z.infer<typeof memberEventSchema>;
