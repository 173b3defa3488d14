/**
 * /api/availability: each member's own availability entries. Paths, inputs and answers come from
 * `availabilityEndpoints` in packages/contracts.
 */
import type { Router } from '@koa/router';
import {
  AVAILABILITY_CREATED,
  AVAILABILITY_DELETED,
  availabilityEndpoints as api,
} from '@teamapp/contracts';
import { access, createRouter, route } from '@teamapp/service-kit';
import type { EventsDeps } from '../../deps';

export function availabilityRouter({ auth, availability }: EventsDeps): Router {
  const router = createRouter('/api/availability');
  router.use(auth.requireAuth);

  route(router, api.list).handle(async (ctx) => ({
    success: true,
    data: await availability.list(ctx.state.user.id, ctx.state.input.query.forUserId),
  }));

  route(router, api.create).handle(async (ctx) => {
    const entry = await availability.create(ctx.state.user.id, ctx.state.input.body);
    ctx.state.log.info({ availabilityId: entry.id }, 'availability entry created');
    return { success: true, message: AVAILABILITY_CREATED, data: entry };
  });

  route(router, api.remove, access.owner('the member whose entry it is, or their guardian')).handle(
    async (ctx) => {
      await availability.remove(ctx.state.user.id, ctx.state.input.params.id);
      return { success: true, message: AVAILABILITY_DELETED };
    },
  );

  return router;
}
