/**
 * /api/calendar: the member's private feed URL and its regeneration (signed in), and the feed
 * itself at /api/calendar/{token}.ics, which calendar apps fetch without an Authorization header.
 * The feed URL's two routes come from `calendarEndpoints` in packages/contracts.
 */
import type { Router } from '@koa/router';
import { calendarEndpoints as api } from '@teamapp/contracts';
import { access, notFound, type PublicContext, createRouter, route } from '@teamapp/service-kit';
import type { EventsDeps } from '../../deps';

export function calendarRouter({ auth, calendar }: EventsDeps): Router {
  const router = createRouter('/api/calendar');

  route(router, api.feed, auth.requireAuth).handle(async (ctx) => ({
    success: true,
    data: { url: await calendar.feedUrl(ctx.state.user.id) },
  }));

  route(router, api.regenerate, auth.requireAuth).handle(async (ctx) => {
    const url = await calendar.regenerate(ctx.state.user.id);
    ctx.state.log.info('calendar feed regenerated');
    return { success: true, data: { url } };
  });

  const bySecret = access.anonymous('calendar apps fetch the feed by its secret token');
  router.get('/:token.ics', bySecret, async (ctx: PublicContext) => {
    const ics = await calendar.render(String(ctx.params.token));
    if (ics === undefined) throw notFound('Calendar feed not found');
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Cache-Control', 'private, max-age=300');
    ctx.body = ics;
  });

  return router;
}
