/** /api/user: the team list for everyone, the full list and account creation for admins. */
import { Router } from '@koa/router';
import { validate, type ApiContext, type InputOf } from '@teamapp/service-kit';
import type { AuthDeps } from '../../deps';
import { createUserRequest } from './user.schema';

export function userRouter({ auth, users }: AuthDeps): Router {
  const router = new Router({ prefix: '/api/user' });
  const { requireAuth, requireRole } = auth;

  router.get('/team', requireAuth, async (ctx: ApiContext) => {
    ctx.body = { success: true, data: await users.team() };
  });

  router.get('/all', requireAuth, requireRole('admin'), async (ctx: ApiContext) => {
    ctx.body = { success: true, data: await users.all(ctx.state.user.role) };
  });

  router.post(
    '/',
    requireAuth,
    requireRole('admin'),
    validate(createUserRequest),
    async (ctx: ApiContext<InputOf<typeof createUserRequest>>) => {
      const user = await users.create(ctx.state.input.body);
      ctx.state.log.info({ createdUserId: user.id }, 'user created');
      ctx.status = 201;
      ctx.body = { success: true, data: user };
    },
  );

  return router;
}
