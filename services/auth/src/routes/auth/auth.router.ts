/** /api/auth: sign in and sign out. */
import { Router } from '@koa/router';
import { parseInput, type AuthUser } from '@teamapp/service-kit';
import { login } from '../../domain/sessions';
import type { AuthDeps } from '../../app';
import { loginRequestSchema } from './auth.schema';

export function authRouter(deps: AuthDeps): Router {
  const router = new Router({ prefix: '/api/auth' });

  router.post('/login', async (ctx) => {
    const input = parseInput(loginRequestSchema, ctx.request.body);
    ctx.body = await login(
      {
        users: deps.users,
        sessions: deps.sessions,
        privateKey: deps.keys.privateKey,
        ttlSeconds: deps.config.SESSION_TTL_SECONDS,
      },
      input.email,
      input.password,
    );
  });

  router.post('/logout', deps.auth.requireAuth, async (ctx) => {
    const user = ctx.state.user as AuthUser;
    await deps.sessions.revoke(user.sid);
    ctx.state.log.info('signed out');
    ctx.body = { success: true };
  });

  return router;
}
