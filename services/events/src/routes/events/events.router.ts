/**
 * /api/events: the schedule for everyone (the club-wide events and their teams'), its management
 * for club admins and each team's coaches, each member's RSVP, game results and the season's
 * figures. Paths, inputs and answers come from
 * `eventsEndpoints` and `resultsEndpoints` in packages/contracts.
 */
import type { Router } from '@koa/router';
import {
  EVENT_CREATED,
  EVENT_DELETED,
  EVENT_UPDATED,
  EVENTS_CREATED,
  EVENTS_DELETE_FORBIDDEN,
  EVENTS_MANAGE_FORBIDDEN,
  RESULT_SAVED,
  RSVP_UPDATED,
  eventsEndpoints as api,
  resultsEndpoints,
  statsQuerySchema,
} from '@teamapp/contracts';
import {
  access,
  badRequest,
  coachesAnyTeam,
  createRouter,
  forbidden,
  route,
  sendCached,
  type ApiContext,
} from '@teamapp/service-kit';
import type { Next } from 'koa';
import type { EventsDeps } from '../../deps';

export function eventsRouter({ auth, events, listCache, results }: EventsDeps): Router {
  const router = createRouter('/api/events');
  const { requireAuth } = auth;
  const ofTeam = access.coach("the event's team");
  /**
   * A member who runs no team (neither club admin nor any team's coach) is refused before the
   * request is read, as the club's players always were; the use cases check the event's team.
   */
  const runsATeam = (message: string) => async (ctx: ApiContext<unknown>, next: Next) => {
    if (!coachesAnyTeam(await events.callerOf(ctx.state.user))) throw forbidden(message);
    await next();
  };
  const manage = runsATeam(EVENTS_MANAGE_FORBIDDEN);

  route(router, api.list, requireAuth).handle(async (ctx) => {
    const { user, input } = ctx.state;
    const answer = await events.schedule(user, input.query, listCache);
    sendCached(ctx, answer);
    return undefined;
  });

  route(router, api.conflicts, requireAuth, ofTeam, manage).handle(async (ctx) => {
    const { query } = ctx.state.input;
    return {
      success: true,
      data: await events.conflicts(query.date, ctx.state.user, query.teamId),
    };
  });

  route(router, api.create, requireAuth, ofTeam, manage).handle(async (ctx) => {
    const created = await events.create(ctx.state.input.body, ctx.state.user);
    ctx.state.log.info({ eventIds: created.map((e) => e.id) }, 'events created');
    return {
      success: true,
      message: created.length > 1 ? EVENTS_CREATED : EVENT_CREATED,
      data: { events: created },
    };
  });

  route(router, api.update, requireAuth, ofTeam, manage).handle(async (ctx) => {
    const { params, query, body } = ctx.state.input;
    const updated = await events.update(params.id, body, query.scope, ctx.state.user);
    ctx.state.log.info({ eventId: params.id, scope: query.scope }, 'event updated');
    return { success: true, message: EVENT_UPDATED, data: { events: updated } };
  });

  route(router, api.remove, requireAuth, ofTeam, runsATeam(EVENTS_DELETE_FORBIDDEN)).handle(
    async (ctx) => {
      const { params, query } = ctx.state.input;
      const deleted = await events.remove(params.id, query.scope, ctx.state.user);
      ctx.state.log.info({ eventId: params.id, scope: query.scope, deleted }, 'event deleted');
      return { success: true, message: EVENT_DELETED, data: { deleted } };
    },
  );

  // Reference §6: Season Stats are for those who run the team; a player gets the team's record
  // and their own figures.
  route(router, resultsEndpoints.stats, requireAuth).handle(async (ctx) => {
    const query = statsQuerySchema.safeParse(ctx.query);
    if (!query.success) throw badRequest(query.error.issues[0]!.message, 'teamId');
    return { success: true, data: await results.statsFor(ctx.state.user, query.data.teamId) };
  });

  route(router, resultsEndpoints.record, requireAuth, ofTeam, manage).handle(async (ctx) => {
    const { params, body } = ctx.state.input;
    const event = await results.record(params.id, body, ctx.state.user);
    ctx.state.log.info({ eventId: params.id }, 'result recorded');
    return { success: true, message: RESULT_SAVED, data: event };
  });

  route(router, api.rsvp, requireAuth).handle(async (ctx) => {
    const { params, body } = ctx.state.input;
    const attendee = await events.rsvp(params.id, ctx.state.user, body.status, body.forUserId);
    return { success: true, message: RSVP_UPDATED, data: attendee };
  });

  return router;
}
