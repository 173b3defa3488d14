/**
 * /api/calendar: the member's private feed URL and its regeneration (signed in), each team's
 * (its members see it, its coaches and club admins regenerate it), and the feed itself at
 * /api/calendar/{token}.ics, member's or team's, which calendar apps fetch without an
 * Authorization header. The feed URL routes come from `calendarEndpoints` in packages/contracts.
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

  route(router, api.teamFeed, auth.requireAuth, access.team('the team whose feed it is')).handle(
    async (ctx) => ({
      success: true,
      data: { url: await calendar.teamFeedUrl(ctx.state.user, ctx.state.input.params.teamId) },
    }),
  );

  route(
    router,
    api.regenerateTeam,
    auth.requireAuth,
    access.coach('the team whose feed it is'),
  ).handle(async (ctx) => {
    const { teamId } = ctx.state.input.params;
    const url = await calendar.regenerateTeam(ctx.state.user, teamId);
    ctx.state.log.info({ teamId }, 'team calendar feed regenerated');
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
