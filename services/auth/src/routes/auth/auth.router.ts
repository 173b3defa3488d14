/** /api/auth: sign in and sign out. */
import type { Router } from '@koa/router';
import { loginResponseSchema } from '@teamapp/contracts';
import {
  access,
  responds,
  validate,
  type ApiContext,
  type InputOf,
  type PublicContext,
  createRouter,
} from '@teamapp/service-kit';
import type { AuthDeps } from '../../deps';
import { withRetryAfter } from '../retry-after';
import { loginRequest } from './auth.schema';

export function authRouter({ auth, sessions }: AuthDeps): Router {
  const router = createRouter('/api/auth');

  router.post(
    '/login',
    access.anonymous('signing in'),
    validate(loginRequest),
    responds(loginResponseSchema),
    async (ctx: PublicContext<InputOf<typeof loginRequest>>) => {
      const { email, password } = ctx.state.input.body;
      ctx.body = await withRetryAfter(ctx, () =>
        sessions.login(email, password, { address: ctx.ip, userAgent: ctx.get('user-agent') }),
      );
    },
  );

  // Open to a user who must still choose a new password: they may always sign out.
  router.post('/logout', auth.requireAuthForPasswordChange, async (ctx: ApiContext) => {
    await sessions.logout(ctx.state.user.sid);
    ctx.state.log.info('signed out');
    ctx.body = { success: true };
  });

  return router;
}
