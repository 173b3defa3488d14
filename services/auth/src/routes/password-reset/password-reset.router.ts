/** /api/password-reset: request a link, verify its token, set the new password. */
import type { Router } from '@koa/router';
import {
  passwordResetEndpoints as endpoints,
  RESET_DONE,
  RESET_REQUESTED,
  RESET_TOKEN_VERIFIED,
} from '@teamapp/contracts';
import { access, createRouter, route, type RequestState } from '@teamapp/service-kit';
import type { AuthDeps } from '../../deps';
import { withRetryAfter } from '../retry-after';

export function passwordResetRouter({ passwordReset }: AuthDeps): Router {
  const router = createRouter('/api/password-reset');
  const byToken = access.anonymous('the emailed reset token proves who it is');

  route(
    router,
    endpoints.request,
    access.anonymous('a member who forgot their password; the same answer for any address'),
  ).handle<RequestState>(async (ctx) => {
    const outcome = await withRetryAfter(ctx, () =>
      passwordReset.request(ctx.state.input.body.email, {
        address: ctx.ip,
        userAgent: ctx.get('user-agent'),
      }),
    );
    ctx.state.log.info({ outcome }, 'password reset requested');
    // The same answer whether or not the account exists.
    return { success: true, message: RESET_REQUESTED };
  });

  route(router, endpoints.verify, byToken).handle<RequestState>(async (ctx) => {
    await passwordReset.verify(ctx.state.input.body.token);
    return { success: true, message: RESET_TOKEN_VERIFIED };
  });

  route(router, endpoints.confirm, byToken).handle<RequestState>(async (ctx) => {
    const { token, newPassword } = ctx.state.input.body;
    await passwordReset.confirm(token, newPassword);
    return { success: true, message: RESET_DONE };
  });

  return router;
}
