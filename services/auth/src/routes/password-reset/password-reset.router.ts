/** /api/password-reset: request a link, verify its token, set the new password. */
import { Router } from '@koa/router';
import { RESET_DONE, RESET_REQUESTED, RESET_TOKEN_VERIFIED } from '@teamapp/contracts';
import { parseInput } from '@teamapp/service-kit';
import type { AuthDeps } from '../../app';
import {
  confirmReset,
  requestReset,
  verifyResetToken,
  type ResetDeps,
} from '../../domain/password-reset';
import {
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  passwordResetVerifySchema,
} from './password-reset.schema';

export function passwordResetRouter(deps: AuthDeps): Router {
  const router = new Router({ prefix: '/api/password-reset' });
  const resetDeps = (log: AuthDeps['log']): ResetDeps => ({
    inTransaction: deps.inTransaction,
    sessions: deps.sessions,
    publicUrl: deps.config.PUBLIC_URL,
    log,
  });

  router.post('/request', async (ctx) => {
    const { email } = parseInput(passwordResetRequestSchema, ctx.request.body);
    await requestReset(resetDeps(ctx.state.log), email);
    // The same answer whether or not the account exists.
    ctx.body = { success: true, message: RESET_REQUESTED };
  });

  router.post('/verify', async (ctx) => {
    const { token } = parseInput(passwordResetVerifySchema, ctx.request.body);
    await verifyResetToken(resetDeps(ctx.state.log), token);
    ctx.body = { success: true, message: RESET_TOKEN_VERIFIED };
  });

  router.post('/confirm', async (ctx) => {
    const { token, newPassword } = parseInput(passwordResetConfirmSchema, ctx.request.body);
    await confirmReset(resetDeps(ctx.state.log), token, newPassword);
    ctx.body = { success: true, message: RESET_DONE };
  });

  return router;
}
