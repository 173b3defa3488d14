import { z } from 'zod';
import { okAnswerSchema } from './common';
import { endpoint } from './endpoint';
import { sessionUserSchema } from './user';

export const loginRequestSchema = z.object({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'email is required' }),
  password: z.string({ error: 'password is required' }).min(1, { error: 'password is required' }),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  user: sessionUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * GET /auth/me: the signed-in member as sign-in answers them, read afresh (docs/reference.md
 * "Families": the children in their care change while they are signed in).
 */
export const meResponseSchema = z.object({
  success: z.literal(true),
  user: sessionUserSchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** Signing in and out (reference §7). */
export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    body: loginRequestSchema,
    answer: loginResponseSchema,
    summary: 'Sign in with email and password',
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    answer: okAnswerSchema,
    summary: 'Sign out this session',
  }),
  me: endpoint({
    method: 'GET',
    path: '/auth/me',
    answer: meResponseSchema,
    summary: 'The signed-in member, with the children in their care now',
  }),
};

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const TEMP_PASSWORD_EXPIRED =
  'Your temporary password has expired. Ask your club admin to send a new invitation.';
/** The 403 every service answers while a user signed in with a temporary password. */
export const PASSWORD_CHANGE_REQUIRED = 'Please choose a new password before you continue.';
