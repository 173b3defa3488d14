/**
 * /api/auth/sessions: the member's own signed-in devices. Listing them, ending one (only their
 * own: any other id, another member's included, is 404 and ends nothing) and ending every one but
 * the device asking ("Sign out everywhere else").
 */
import type { Router } from '@koa/router';
import {
  deviceSessionsResponseSchema,
  endOtherSessionsResponseSchema,
  endSessionResponseSchema,
} from '@teamapp/contracts';
import {
  access,
  createRouter,
  responds,
  validate,
  type ApiContext,
  type InputOf,
} from '@teamapp/service-kit';
import type { AuthDeps } from '../../deps';
import { sessionIdRequest } from './sessions.schema';

export function sessionsRouter({ auth, devices }: AuthDeps): Router {
  const router = createRouter('/api/auth');

  router.get(
    '/sessions',
    auth.requireAuth,
    responds(deviceSessionsResponseSchema),
    async (ctx: ApiContext) => {
      ctx.body = await devices.list(ctx.state.user);
    },
  );

  router.post(
    '/sessions/revoke-others',
    auth.requireAuth,
    responds(endOtherSessionsResponseSchema),
    async (ctx: ApiContext) => {
      const res = await devices.endOthers(ctx.state.user);
      ctx.state.log.info({ sessionsEnded: res.data.ended }, 'other sessions ended');
      ctx.body = res;
    },
  );

  router.delete(
    '/sessions/:id',
    auth.requireAuth,
    access.owner('the member whose session it is'),
    validate(sessionIdRequest),
    responds(endSessionResponseSchema),
    async (ctx: ApiContext<InputOf<typeof sessionIdRequest>>) => {
      await devices.end(ctx.state.user, ctx.state.input.params.id);
      ctx.state.log.info('session ended');
      ctx.body = { success: true, message: devices.endedMessage };
    },
  );

  return router;
}
