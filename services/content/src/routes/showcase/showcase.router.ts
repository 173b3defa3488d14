/**
 * /api/showcase: the public showcase (anyone, no token) and its edited parts (admins). Also the
 * server-rendered page for GET / at /internal/showcase-page, which the gateway sends `/` to and
 * never publishes under its own path.
 */
import type { Router } from '@koa/router';
import { SHOWCASE_FORBIDDEN } from '@teamapp/contracts';
import {
  access,
  AppError,
  validate,
  type ApiContext,
  type InputOf,
  type PublicContext,
  createRouter,
} from '@teamapp/service-kit';
import type { ContentDeps } from '../../deps';
import { renderShowcasePage } from '../../domain/showcase-page';
import { saveShowcaseRequest } from './showcase.schema';

export const SHELL_PAGE_UNAVAILABLE = 'The shell page is unavailable.';

export function showcaseRouter({ auth, showcase }: ContentDeps): Router {
  const router = createRouter('/api/showcase');

  router.get('/', access.anonymous('the public showcase'), async (ctx: PublicContext) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = { success: true, data: await showcase.get() };
  });

  router.put(
    '/',
    auth.requireAuth,
    auth.requireRole('admin', SHOWCASE_FORBIDDEN),
    validate(saveShowcaseRequest),
    async (ctx: ApiContext<InputOf<typeof saveShowcaseRequest>>) => {
      const data = await showcase.save(ctx.state.input.body, ctx.state.user.id);
      ctx.state.log.info('showcase saved');
      ctx.body = { success: true, data };
    },
  );

  return router;
}

export function showcasePageRouter({ showcase, shellPage, publicUrl }: ContentDeps): Router {
  const router = createRouter('/internal');

  const internal = access.internal('the gateway, which serves it at / only');
  router.get('/showcase-page', internal, async (ctx: PublicContext) => {
    // Without the shell's page there is nothing to render into: a 502 (the shell is another
    // server), which the gateway answers with the plain shell.
    const shell = shellPage.html().catch((err: unknown) => {
      ctx.state.log.warn({ err }, 'the shell page could not be read');
      throw new AppError('bad_gateway', SHELL_PAGE_UNAVAILABLE, 502);
    });
    const [html, data] = await Promise.all([shell, showcase.get()]);
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = renderShowcasePage(html, data, publicUrl);
  });

  return router;
}
