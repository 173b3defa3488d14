/** /api/notifications: the caller's own notifications only. */
import type { Router } from '@koa/router';
import {
  access,
  sendCached,
  validate,
  type ApiContext,
  type InputOf,
  createRouter,
} from '@teamapp/service-kit';
import { userScope } from '../../domain/list-scopes';
import type { ContentDeps } from '../../deps';
import { listNotificationsRequest, markReadRequest } from './notifications.schema';

export function notificationsRouter({ auth, lists, notifications }: ContentDeps): Router {
  const router = createRouter('/api/notifications');
  router.use(auth.requireAuth);

  router.get(
    '/',
    validate(listNotificationsRequest),
    async (ctx: ApiContext<InputOf<typeof listNotificationsRequest>>) => {
      // The member's own list, computed once per change of it (deps.lists).
      const { limit } = ctx.state.input.query;
      const userId = ctx.state.user.id;
      const answer = await lists.read(userScope(userId), `list:${limit}`, async () =>
        JSON.stringify({ success: true, data: await notifications.list(userId, limit) }),
      );
      sendCached(ctx, answer);
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
