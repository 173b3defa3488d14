/**
 * /api/showcase: the public showcase (anyone, no token) and its edited parts (admins). Also the
 * server-rendered page for GET / at /internal/showcase-page, which the gateway sends `/` to and
 * never publishes under its own path. The JSON routes' paths, inputs and answers come from
 * `showcaseEndpoints` in packages/contracts.
 */
import type { Router } from '@koa/router';
import { SHOWCASE_FORBIDDEN, showcaseEndpoints as api } from '@teamapp/contracts';
import {
  access,
  createRouter,
  route,
  type PublicContext,
  type RequestState,
} from '@teamapp/service-kit';
import type { ContentDeps } from '../../deps';
import { renderShowcasePage } from '../../domain/showcase-page';

export function showcaseRouter({ auth, showcase }: ContentDeps): Router {
  const router = createRouter('/api/showcase');

  route(router, api.get, access.anonymous('the public showcase')).handle<RequestState>(
    async (ctx) => {
      ctx.set('Cache-Control', 'no-cache');
      return { success: true, data: await showcase.get() };
    },
  );

  route(router, api.save, auth.requireAuth, auth.requireRole('admin', SHOWCASE_FORBIDDEN)).handle(
    async (ctx) => {
      const data = await showcase.save(ctx.state.input.body, ctx.state.user.id);
      ctx.state.log.info('showcase saved');
      return { success: true, data };
    },
  );

  return router;
}

// The server-rendered page is HTML, not JSON: a plain route, with no endpoint definition.
export function showcasePageRouter({ showcase, publicUrl }: ContentDeps): Router {
  const router = createRouter('/internal');

  const internal = access.internal('the gateway, which serves it at / only');
  router.get('/showcase-page', internal, async (ctx: PublicContext) => {
    const data = await showcase.get();
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = renderShowcasePage(data, publicUrl);
  });

  return router;
}
