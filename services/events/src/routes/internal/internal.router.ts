/**
 * /internal: read by other services inside the platform, never published by the gateway (which
 * sends only /api/* to services). No token: it answers public fields only.
 */
import type { Router } from '@koa/router';
import { access, type PublicContext, createRouter } from '@teamapp/service-kit';
import type { EventsDeps } from '../../deps';

export function internalRouter({ showcase }: EventsDeps): Router {
  const router = createRouter('/internal');

  // A plain route: endpoint definitions and service-kit's route() describe paths under /api only.
  const internal = access.internal('the content service, for the showcase fixtures');
  router.get('/showcase', internal, async (ctx: PublicContext) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, data: await showcase.games() };
  });

  return router;
}
