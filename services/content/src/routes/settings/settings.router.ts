/**
 * /api/settings: branding. Anyone may read it (the login page shows the title); admins write.
 * Paths, inputs and answers come from `settingsEndpoints` in packages/contracts.
 */
import { createHash } from 'node:crypto';
import type { Router } from '@koa/router';
import { settingsEndpoints as api } from '@teamapp/contracts';
import { access, createRouter, route, sendCached, type RequestState } from '@teamapp/service-kit';
import type { ContentDeps } from '../../deps';
import { createIconStore, webAppManifest } from '../../domain/app-icons';

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

  // The installable app (reference §2 "Installing and offline use"): the manifest, which the
  // gateway serves at /manifest.webmanifest, and its icons, whose addresses carry the branding's
  // version (kept for a year under that version, checked again otherwise).
  const icons = createIconStore();
  route(
    router,
    api.manifest,
    access.anonymous('browsers read it to offer installing the app'),
  ).handle<RequestState>(async (ctx) => {
    const manifest = webAppManifest(await settings.get());
    ctx.set('Cache-Control', 'no-cache');
    const body = JSON.stringify(manifest);
    ctx.body = body;
    ctx.type = 'application/manifest+json';
    ctx.etag = createHash('sha256').update(body).digest('base64url').slice(0, 22);
    if (ctx.fresh) ctx.status = 304;
    return undefined;
  });

  route(router, api.icon, access.anonymous('the manifest names them')).handle<RequestState>(
    async (ctx) => {
      const { params, query } = ctx.state.input;
      const { version, png } = icons.icon(await settings.get(), params.file);
      ctx.set(
        'Cache-Control',
        query.v === version ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      ctx.etag = `${version}-${params.file}`;
      ctx.status = 200;
      if (ctx.fresh) {
        ctx.status = 304;
        return undefined;
      }
      ctx.type = 'image/png';
      ctx.body = await png;
      return undefined;
    },
  );

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
