/**
 * /api/notifications: the caller's own notifications only. Paths, inputs and answers come from
 * `notificationsEndpoints` in packages/contracts.
 */
import type { Router } from '@koa/router';
import {
  notificationsEndpoints as api,
  notificationSettingsEndpoints as settingsApi,
} from '@teamapp/contracts';
import { access, createRouter, route, sendCached } from '@teamapp/service-kit';
import { userScope } from '../../domain/list-scopes';
import type { ContentDeps } from '../../deps';

export function notificationsRouter({ auth, lists, notifications, push }: ContentDeps): Router {
  const router = createRouter('/api/notifications');
  router.use(auth.requireAuth);

  route(router, api.list).handle(async (ctx) => {
    // The member's own list, computed once per change of it (deps.lists).
    const { limit } = ctx.state.input.query;
    const userId = ctx.state.user.id;
    const answer = await lists.read(userScope(userId), `list:${limit}`, async () =>
      JSON.stringify({ success: true, data: await notifications.list(userId, limit) }),
    );
    sendCached(ctx, answer);
    return undefined;
  });

  route(router, api.unreadCount).handle(async (ctx) => ({
    success: true,
    data: { count: await notifications.unreadCount(ctx.state.user.id) },
  }));

  route(router, api.markAllRead).handle(async (ctx) => ({
    success: true,
    data: { updated: await notifications.markAllRead(ctx.state.user.id) },
  }));

  // Push on the member's own devices and their preferences (reference §7). Registered before
  // `/:id/read` so that nothing here is read as a notification's id.
  route(router, settingsApi.pushKey).handle(async () => ({
    success: true,
    data: { publicKey: push.publicKey() },
  }));

  route(router, settingsApi.subscribe).handle(async (ctx) => ({
    success: true,
    data: await push.subscribe(ctx.state.user.id, ctx.state.input.body),
  }));

  // Removes only the caller's own subscription: another member's endpoint is not found.
  route(router, settingsApi.unsubscribe).handle(async (ctx) => {
    await push.unsubscribe(ctx.state.user.id, ctx.state.input.body.endpoint);
    return { success: true };
  });

  route(router, settingsApi.preferences).handle(async (ctx) => ({
    success: true,
    data: await push.preferences(ctx.state.user.id),
  }));

  route(router, settingsApi.setPreferences).handle(async (ctx) => ({
    success: true,
    data: await push.setPreferences(ctx.state.user.id, ctx.state.input.body),
  }));

  route(router, api.markRead, access.owner('the member it was sent to')).handle(async (ctx) => {
    await notifications.markRead(ctx.state.user.id, ctx.state.input.params.id);
    return { success: true };
  });

  return router;
}
