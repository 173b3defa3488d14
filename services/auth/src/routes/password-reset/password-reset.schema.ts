import {
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  passwordResetVerifySchema,
} from '@teamapp/contracts';
import { z } from 'zod';

export const resetRequestRequest = z.object({ body: passwordResetRequestSchema });
export const resetVerifyRequest = z.object({ body: passwordResetVerifySchema });
export const resetConfirmRequest = z.object({ body: passwordResetConfirmSchema });
