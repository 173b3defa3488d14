/**
 * /api/family: a guardian's children with their teams and next events (contracts family.ts);
 * any member may ask, and one without children gets none.
 */
import type { Router } from '@koa/router';
import { familyEndpoints } from '@teamapp/contracts';
import { createRouter, route } from '@teamapp/service-kit';
import type { EventsDeps } from '../../deps';

export function familyRouter({ auth, events }: EventsDeps): Router {
  const router = createRouter('/api/family');

  route(router, familyEndpoints.family, auth.requireAuth).handle(async (ctx) => ({
    success: true,
    data: { children: await events.family(ctx.state.user) },
    timeZone: events.timeZone,
  }));

  return router;
}
