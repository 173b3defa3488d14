/**
 * /internal: read by other services inside the platform, never published by the gateway (which
 * sends only /api/* to services). No token: it answers public fields only.
 */
import type { Router } from '@koa/router';
import { showcaseGamesEndpoint, statsQuerySchema } from '@teamapp/contracts';
import { access, badRequest, createRouter, route, type RequestState } from '@teamapp/service-kit';
import type { EventsDeps } from '../../deps';

export function internalRouter({ showcase }: EventsDeps): Router {
  const router = createRouter('/internal');

  const internal = access.internal('the content service, for the showcase fixtures');
  route(router, showcaseGamesEndpoint, internal).handle<RequestState>(async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    // `?teamId=`: one team's figures (the endpoint, shared with the content service, declares
    // no query, so the service reads it here).
    const query = statsQuerySchema.safeParse(ctx.query);
    if (!query.success) throw badRequest(query.error.issues[0]!.message, 'teamId');
    return { success: true, data: await showcase.games(query.data.teamId) };
  });

  return router;
}
