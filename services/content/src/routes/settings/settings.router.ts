/** /api/settings: branding. Anyone may read it (the login page shows the title); admins write. */
import { Router } from '@koa/router';
import { parseInput } from '@teamapp/service-kit';
import type { ContentDeps } from '../../app';
import { logoUploadSchema, updateSettingsSchema } from './settings.schema';

export function settingsRouter(deps: ContentDeps): Router {
  const router = new Router({ prefix: '/api/settings' });
  const adminOnly = [deps.auth.requireAuth, deps.auth.requireRole('admin')];
  const { settings } = deps;

  router.get('/', async (ctx) => {
    ctx.body = { success: true, data: await settings.get() };
  });

  router.put('/', ...adminOnly, async (ctx) => {
    const input = parseInput(updateSettingsSchema, ctx.request.body);
    ctx.body = { success: true, data: await settings.update(input) };
    ctx.state.log.info({ fields: Object.keys(input) }, 'settings updated');
  });

  router.post('/logo', ...adminOnly, async (ctx) => {
    const input = parseInput(logoUploadSchema, ctx.request.body);
    ctx.body = { success: true, data: await settings.setLogo(input.logoUrl) };
    ctx.state.log.info({ bytes: input.logoUrl.length }, 'logo uploaded');
  });

  router.delete('/logo', ...adminOnly, async (ctx) => {
    ctx.body = { success: true, data: await settings.removeLogo() };
    ctx.state.log.info('logo removed');
  });

  router.post('/reset', ...adminOnly, async (ctx) => {
    ctx.body = { success: true, data: await settings.reset() };
    ctx.state.log.info('settings reset');
  });

  return router;
}
