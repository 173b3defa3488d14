/** /api/settings: branding. Anyone may read it (the login page shows the title); admins write. */
import type { Router } from '@koa/router';
import {
  access,
  sendCached,
  validate,
  type ApiContext,
  type InputOf,
  createRouter,
} from '@teamapp/service-kit';
import type { ContentDeps } from '../../deps';
import { updateSettingsRequest, uploadLogoRequest } from './settings.schema';

export function settingsRouter({ auth, settings, settingsCache }: ContentDeps): Router {
  const router = createRouter('/api/settings');
  const adminOnly = [auth.requireAuth, auth.requireRole('admin')];

  // Served from memory (domain/settings-cache.ts): every page load asks, admins rarely write.
  router.get('/', access.anonymous('the login page shows the branding'), async (ctx) => {
    const answer = await settingsCache.read(async () =>
      JSON.stringify({ success: true, data: await settings.get() }),
    );
    sendCached(ctx, answer);
  });

  router.put(
    '/',
    ...adminOnly,
    validate(updateSettingsRequest),
    async (ctx: ApiContext<InputOf<typeof updateSettingsRequest>>) => {
      const { body } = ctx.state.input;
      ctx.body = { success: true, data: await settings.update(body) };
      ctx.state.log.info({ fields: Object.keys(body) }, 'settings updated');
    },
  );

  router.post(
    '/logo',
    ...adminOnly,
    validate(uploadLogoRequest),
    async (ctx: ApiContext<InputOf<typeof uploadLogoRequest>>) => {
      const { logoUrl } = ctx.state.input.body;
      ctx.body = { success: true, data: await settings.setLogo(logoUrl) };
      ctx.state.log.info({ bytes: logoUrl.length }, 'logo uploaded');
    },
  );

  router.delete('/logo', ...adminOnly, async (ctx: ApiContext) => {
    ctx.body = { success: true, data: await settings.removeLogo() };
    ctx.state.log.info('logo removed');
  });

  router.post('/reset', ...adminOnly, async (ctx: ApiContext) => {
    ctx.body = { success: true, data: await settings.reset() };
    ctx.state.log.info('settings reset');
  });

  return router;
}
