/** /api/password-reset: request a link, verify its token, set the new password. */
import type { Router } from '@koa/router';
import { RESET_DONE, RESET_REQUESTED, RESET_TOKEN_VERIFIED } from '@teamapp/contracts';
import {
  access,
  validate,
  type InputOf,
  type PublicContext,
  createRouter,
} from '@teamapp/service-kit';
import type { AuthDeps } from '../../deps';
import {
  resetConfirmRequest,
  resetRequestRequest,
  resetVerifyRequest,
} from './password-reset.schema';
import { withRetryAfter } from '../retry-after';

export function passwordResetRouter({ passwordReset }: AuthDeps): Router {
  const router = createRouter('/api/password-reset');

  router.post(
    '/request',
    access.anonymous('a member who forgot their password; the same answer for any address'),
    validate(resetRequestRequest),
    async (ctx: PublicContext<InputOf<typeof resetRequestRequest>>) => {
      const outcome = await withRetryAfter(ctx, () =>
        passwordReset.request(ctx.state.input.body.email, {
          address: ctx.ip,
          userAgent: ctx.get('user-agent'),
        }),
      );
      ctx.state.log.info({ outcome }, 'password reset requested');
      // The same answer whether or not the account exists.
      ctx.body = { success: true, message: RESET_REQUESTED };
    },
  );

  router.post(
    '/verify',
    access.anonymous('the emailed reset token proves who it is'),
    validate(resetVerifyRequest),
    async (ctx: PublicContext<InputOf<typeof resetVerifyRequest>>) => {
      await passwordReset.verify(ctx.state.input.body.token);
      ctx.body = { success: true, message: RESET_TOKEN_VERIFIED };
    },
  );

  router.post(
    '/confirm',
    access.anonymous('the emailed reset token proves who it is'),
    validate(resetConfirmRequest),
    async (ctx: PublicContext<InputOf<typeof resetConfirmRequest>>) => {
      const { token, newPassword } = ctx.state.input.body;
      await passwordReset.confirm(token, newPassword);
      ctx.body = { success: true, message: RESET_DONE };
    },
  );

  return router;
}
