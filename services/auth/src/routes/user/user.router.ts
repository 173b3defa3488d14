/** /api/user: the team list for everyone, the full list and account creation for admins. */
import { Router } from '@koa/router';
import { parseInput, type AuthUser } from '@teamapp/service-kit';
import type { AuthDeps } from '../../app';
import { createUser, toTeamMember, toUser } from '../../domain/users';
import { createUserSchema } from './user.schema';

export function userRouter(deps: AuthDeps): Router {
  const router = new Router({ prefix: '/api/user' });
  const { requireAuth, requireRole } = deps.auth;

  router.get('/team', requireAuth, async (ctx) => {
    const rows = await deps.users.list({ activeOnly: true });
    ctx.body = { success: true, data: rows.map(toTeamMember) };
  });

  router.get('/all', requireAuth, requireRole('admin'), async (ctx) => {
    const viewer = ctx.state.user as AuthUser;
    const rows = await deps.users.list();
    ctx.body = { success: true, data: rows.map((row) => toUser(row, viewer.role)) };
  });

  router.post('/', requireAuth, requireRole('admin'), async (ctx) => {
    const input = parseInput(createUserSchema, ctx.request.body);
    const row = await createUser(deps.inTransaction, input);
    ctx.state.log.info({ createdUserId: row.id }, 'user created');
    ctx.status = 201;
    ctx.body = { success: true, data: toUser(row, 'admin') };
  });

  return router;
}
