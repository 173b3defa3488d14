import { z } from 'zod';
import { messageAnswerSchema } from './common';
import { PASSWORD_MIN_LENGTH } from './constants';
import { endpoint } from './endpoint';

/** The special characters a password may use to satisfy the rule (reference §5). */
export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'digit' | 'special';
  label: string;
  test: (password: string) => boolean;
}

/** The new-password rules, used by the live checklist and by the server. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'uppercase', label: 'One uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'One lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'digit', label: 'One number', test: (p) => /\d/.test(p) },
  {
    id: 'special',
    label: `One special character (${PASSWORD_SPECIALS})`,
    test: (p) => [...p].some((c) => PASSWORD_SPECIALS.includes(c)),
  },
];

export function isStrongPassword(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

export const WEAK_PASSWORD = 'Password does not meet security requirements.';
/**
 * The `hint` of a refusal because the password is one of the commonly used and breached ones
 * (the server checks it; the rules above cannot tell).
 */
export const COMMON_PASSWORD_HINT =
  'This password is too common. Choose one that is harder to guess.';

export const passwordSchema = z
  .string({ error: 'password is required' })
  .max(200, { error: 'password must be at most 200 characters' })
  .refine(isStrongPassword, { error: WEAK_PASSWORD });

export const RESET_TOKEN_INVALID =
  'Invalid or expired reset token. Please request a new password reset.';
export const RESET_TOKEN_MISSING =
  'Invalid or missing reset token. Please request a new password reset.';
export const RESET_REQUESTED = 'Password reset instructions have been sent to your email address.';
export const RESET_TOKEN_VERIFIED = 'Token verified. Please enter your new password below.';
export const RESET_DONE = 'Password reset successfully! Redirecting to login...';

export const passwordResetRequestSchema = z.object({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'email is required' })
    .pipe(z.email({ error: 'email must be a valid email address' })),
});

const tokenField = z
  .string({ error: RESET_TOKEN_MISSING })
  .trim()
  .min(1, { error: RESET_TOKEN_MISSING })
  .max(200, { error: RESET_TOKEN_INVALID });

export const passwordResetVerifySchema = z.object({ token: tokenField });

export const passwordResetConfirmSchema = z.object({
  token: tokenField,
  newPassword: z
    .string({ error: 'newPassword is required' })
    .max(200, { error: 'newPassword must be at most 200 characters' })
    .refine(isStrongPassword, { error: WEAK_PASSWORD }),
});

/** The password reset (reference §7): the request answers the same for any address. */
export const passwordResetEndpoints = {
  request: endpoint({
    method: 'POST',
    path: '/password-reset/request',
    body: passwordResetRequestSchema,
    answer: messageAnswerSchema,
    summary: 'Mail a reset link to the address, if it has an account',
  }),
  verify: endpoint({
    method: 'POST',
    path: '/password-reset/verify',
    body: passwordResetVerifySchema,
    answer: messageAnswerSchema,
    summary: 'Check that a reset token is still good',
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/password-reset/confirm',
    body: passwordResetConfirmSchema,
    answer: messageAnswerSchema,
    summary: 'Set the new password with a reset token',
  }),
};
