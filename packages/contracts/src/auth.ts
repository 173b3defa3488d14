import { z } from 'zod';
import { userSchema } from './user';

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
  user: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const INVALID_CREDENTIALS = 'Invalid email or password';
