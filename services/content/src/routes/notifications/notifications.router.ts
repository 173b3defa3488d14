/** /api/notifications: the caller's own notifications only. */
import { Router } from '@koa/router';
import { parseInput, type AuthUser } from '@teamapp/service-kit';
import type { ContentDeps } from '../../app';
import { listNotificationsQuerySchema, uuidParamSchema } from './notifications.schema';

export function notificationsRouter(deps: ContentDeps): Router {
  const router = new Router({ prefix: '/api/notifications' });
  const { notifications } = deps;
  router.use(deps.auth.requireAuth);
  const me = (state: { user?: AuthUser }) => state.user!.id;

  router.get('/', async (ctx) => {
    const { limit } = parseInput(listNotificationsQuerySchema, ctx.query);
    ctx.body = { success: true, data: await notifications.list(me(ctx.state), limit) };
  });

  router.get('/unread-count', async (ctx) => {
    ctx.body = { success: true, data: { count: await notifications.unreadCount(me(ctx.state)) } };
  });

  router.post('/mark-all-read', async (ctx) => {
    const updated = await notifications.markAllRead(me(ctx.state));
    ctx.body = { success: true, data: { updated } };
  });

  router.post('/:id/read', async (ctx) => {
    const { id } = parseInput(uuidParamSchema, ctx.params);
    await notifications.markRead(me(ctx.state), id);
    ctx.body = { success: true };
  });

  return router;
}
