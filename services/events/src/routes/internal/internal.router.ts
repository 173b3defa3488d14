/**
 * /internal: read by other services inside the platform, never published by the gateway (which
 * sends only /api/* to services). No token: it answers public fields only.
 */
import type { Router } from '@koa/router';
import { showcaseGamesEndpoint } from '@teamapp/contracts';
import { access, createRouter, route, type RequestState } from '@teamapp/service-kit';
import type { EventsDeps } from '../../deps';

export function internalRouter({ showcase }: EventsDeps): Router {
  const router = createRouter('/internal');

  const internal = access.internal('the content service, for the showcase fixtures');
  route(router, showcaseGamesEndpoint, internal).handle<RequestState>(async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return { success: true, data: await showcase.games() };
  });

  return router;
}
