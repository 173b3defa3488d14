/**
 * /api/auth/sessions: the member's own signed-in devices. Listing them, ending one (only their
 * own: any other id, another member's included, is 404 and ends nothing) and ending every one but
 * the device asking ("Sign out everywhere else").
 */
import type { Router } from '@koa/router';
import { sessionsEndpoints as endpoints } from '@teamapp/contracts';
import { access, createRouter, route } from '@teamapp/service-kit';
import type { AuthDeps } from '../../deps';

export function sessionsRouter({ auth, devices }: AuthDeps): Router {
  const router = createRouter('/api/auth');

  route(router, endpoints.list, auth.requireAuth).handle(async (ctx) =>
    devices.list(ctx.state.user),
  );

  route(router, endpoints.endOthers, auth.requireAuth).handle(async (ctx) => {
    const res = await devices.endOthers(ctx.state.user);
    ctx.state.log.info({ sessionsEnded: res.data.ended }, 'other sessions ended');
    return res;
  });

  route(
    router,
    endpoints.end,
    auth.requireAuth,
    access.owner('the member whose session it is'),
  ).handle(async (ctx) => {
    await devices.end(ctx.state.user, ctx.state.input.params.id);
    ctx.state.log.info('session ended');
    return { success: true, message: devices.endedMessage };
  });

  return router;
}
