/**
 * /api/settings: branding. Anyone may read it (the login page shows the title); admins write.
 * Paths, inputs and answers come from `settingsEndpoints` in packages/contracts.
 */
import type { Router } from '@koa/router';
import { settingsEndpoints as api } from '@teamapp/contracts';
import { access, createRouter, route, sendCached, type RequestState } from '@teamapp/service-kit';
import type { ContentDeps } from '../../deps';

export function settingsRouter({ auth, settings, settingsCache }: ContentDeps): Router {
  const router = createRouter('/api/settings');
  const adminOnly = [auth.requireAuth, auth.requireRole('admin')];

  // Served from memory (domain/settings-cache.ts): every page load asks, admins rarely write.
  route(
    router,
    api.get,
    access.anonymous('the login page shows the branding'),
  ).handle<RequestState>(async (ctx) => {
    const answer = await settingsCache.read(async () =>
      JSON.stringify({ success: true, data: await settings.get() }),
    );
    sendCached(ctx, answer);
    return undefined;
  });

  route(router, api.update, ...adminOnly).handle(async (ctx) => {
    const { body } = ctx.state.input;
    const data = await settings.update(body);
    ctx.state.log.info({ fields: Object.keys(body) }, 'settings updated');
    return { success: true, data };
  });

  route(router, api.uploadLogo, ...adminOnly).handle(async (ctx) => {
    const { logoUrl } = ctx.state.input.body;
    const data = await settings.setLogo(logoUrl);
    ctx.state.log.info({ bytes: logoUrl.length }, 'logo uploaded');
    return { success: true, data };
  });

  route(router, api.removeLogo, ...adminOnly).handle(async (ctx) => {
    const data = await settings.removeLogo();
    ctx.state.log.info('logo removed');
    return { success: true, data };
  });

  route(router, api.reset, ...adminOnly).handle(async (ctx) => {
    const data = await settings.reset();
    ctx.state.log.info('settings reset');
    return { success: true, data };
  });

  return router;
}
