/** /api/auth: sign in and sign out, and the signed-in member as they now are. */
import type { Router } from '@koa/router';
import { authEndpoints } from '@teamapp/contracts';
import { access, createRouter, route, type RequestState } from '@teamapp/service-kit';
import type { AuthDeps } from '../../deps';
import { withRetryAfter } from '../retry-after';

export function authRouter({ auth, sessions }: AuthDeps): Router {
  const router = createRouter('/api/auth');

  route(router, authEndpoints.login, access.anonymous('signing in')).handle<RequestState>(
    async (ctx) => {
      const { email, password } = ctx.state.input.body;
      return withRetryAfter(ctx, () =>
        sessions.login(email, password, { address: ctx.ip, userAgent: ctx.get('user-agent') }),
      );
    },
  );

  // Open to a user who must still choose a new password: they may always sign out.
  route(router, authEndpoints.logout, auth.requireAuthForPasswordChange).handle(async (ctx) => {
    await sessions.logout(ctx.state.user.sid);
    ctx.state.log.info('signed out');
    return { success: true };
  });

  // Open to a user who must still choose a new password: the shell keeps its session current.
  route(router, authEndpoints.me, auth.requireAuthForPasswordChange).handle(async (ctx) => ({
    success: true,
    user: await sessions.me(ctx.state.user.id),
  }));

  return router;
}
