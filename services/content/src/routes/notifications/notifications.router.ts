/** /api/notifications: the caller's own notifications only. */
import { Router } from '@koa/router';
import { access, validate, type ApiContext, type InputOf } from '@teamapp/service-kit';
import type { ContentDeps } from '../../deps';
import { listNotificationsRequest, markReadRequest } from './notifications.schema';

export function notificationsRouter({ auth, notifications }: ContentDeps): Router {
  const router = new Router({ prefix: '/api/notifications' });
  router.use(auth.requireAuth);

  router.get(
    '/',
    validate(listNotificationsRequest),
    async (ctx: ApiContext<InputOf<typeof listNotificationsRequest>>) => {
      const { limit } = ctx.state.input.query;
      ctx.body = { success: true, data: await notifications.list(ctx.state.user.id, limit) };
    },
  );

  router.get('/unread-count', async (ctx: ApiContext) => {
    ctx.body = {
      success: true,
      data: { count: await notifications.unreadCount(ctx.state.user.id) },
    };
  });

  router.post('/mark-all-read', async (ctx: ApiContext) => {
    const updated = await notifications.markAllRead(ctx.state.user.id);
    ctx.body = { success: true, data: { updated } };
  });

  router.post(
    '/:id/read',
    access.owner('the member it was sent to'),
    validate(markReadRequest),
    async (ctx: ApiContext<InputOf<typeof markReadRequest>>) => {
      await notifications.markRead(ctx.state.user.id, ctx.state.input.params.id);
      ctx.body = { success: true };
    },
  );

  return router;
}
