/**
 * /api/calendar: the member's private feed URL and its regeneration (signed in), and the feed
 * itself at /api/calendar/{token}.ics, which calendar apps fetch without an Authorization header.
 */
import type { Router } from '@koa/router';
import {
  access,
  notFound,
  type ApiContext,
  type PublicContext,
  createRouter,
} from '@teamapp/service-kit';
import type { EventsDeps } from '../../deps';

export function calendarRouter({ auth, calendar }: EventsDeps): Router {
  const router = createRouter('/api/calendar');

  router.get('/feed', auth.requireAuth, async (ctx: ApiContext) => {
    ctx.body = { success: true, data: { url: await calendar.feedUrl(ctx.state.user.id) } };
  });

  router.post('/feed/regenerate', auth.requireAuth, async (ctx: ApiContext) => {
    const url = await calendar.regenerate(ctx.state.user.id);
    ctx.state.log.info('calendar feed regenerated');
    ctx.body = { success: true, data: { url } };
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
