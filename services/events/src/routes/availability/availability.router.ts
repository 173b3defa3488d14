/** /api/availability: each member's own availability entries. */
import type { Router } from '@koa/router';
import { AVAILABILITY_CREATED, AVAILABILITY_DELETED } from '@teamapp/contracts';
import {
  access,
  validate,
  type ApiContext,
  type InputOf,
  createRouter,
} from '@teamapp/service-kit';
import type { EventsDeps } from '../../deps';
import { createAvailabilityRequest, deleteAvailabilityRequest } from './availability.schema';

export function availabilityRouter({ auth, availability }: EventsDeps): Router {
  const router = createRouter('/api/availability');
  router.use(auth.requireAuth);

  router.get('/', async (ctx: ApiContext) => {
    ctx.body = { success: true, data: await availability.list(ctx.state.user.id) };
  });

  router.post(
    '/',
    validate(createAvailabilityRequest),
    async (ctx: ApiContext<InputOf<typeof createAvailabilityRequest>>) => {
      const entry = await availability.create(ctx.state.user.id, ctx.state.input.body);
      ctx.state.log.info({ availabilityId: entry.id }, 'availability entry created');
      ctx.status = 201;
      ctx.body = { success: true, message: AVAILABILITY_CREATED, data: entry };
    },
  );

  router.delete(
    '/:id',
    access.owner('the member whose entry it is'),
    validate(deleteAvailabilityRequest),
    async (ctx: ApiContext<InputOf<typeof deleteAvailabilityRequest>>) => {
      await availability.remove(ctx.state.user.id, ctx.state.input.params.id);
      ctx.body = { success: true, message: AVAILABILITY_DELETED };
    },
  );

  return router;
}
