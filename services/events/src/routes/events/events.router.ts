/**
 * /api/events: the schedule for everyone, its management for admins, each member's RSVP, game
 * results (admins) and the season's figures. Paths, inputs and answers come from
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
} from '@teamapp/contracts';
import { createRouter, route } from '@teamapp/service-kit';
import type { EventsDeps } from '../../deps';

export function eventsRouter({ auth, events, listCache, results }: EventsDeps): Router {
  const router = createRouter('/api/events');
  const { requireAuth, requireRole } = auth;
  const manage = requireRole('admin', EVENTS_MANAGE_FORBIDDEN);

  route(router, api.list, requireAuth).handle(async (ctx) => {
    const { user, input } = ctx.state;
    const variant = { role: user.role, type: input.query.type };
    const compute = async () =>
      JSON.stringify({
        success: true,
        events: await events.list(user, input.query),
        timeZone: events.timeZone,
      });
    ctx.type = 'application/json';
    ctx.vary('Accept-Encoding');
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = await listCache.readGzipped(variant, compute);
    } else {
      ctx.body = await listCache.read(variant, compute);
    }
    return undefined;
  });

  route(router, api.conflicts, requireAuth, manage).handle(async (ctx) => ({
    success: true,
    data: await events.conflicts(ctx.state.input.query.date),
  }));

  route(router, api.create, requireAuth, manage).handle(async (ctx) => {
    const created = await events.create(ctx.state.input.body, ctx.state.user.id);
    ctx.state.log.info({ eventIds: created.map((e) => e.id) }, 'events created');
    return {
      success: true,
      message: created.length > 1 ? EVENTS_CREATED : EVENT_CREATED,
      data: { events: created },
    };
  });

  route(router, api.update, requireAuth, manage).handle(async (ctx) => {
    const { params, query, body } = ctx.state.input;
    const updated = await events.update(params.id, body, query.scope);
    ctx.state.log.info({ eventId: params.id, scope: query.scope }, 'event updated');
    return { success: true, message: EVENT_UPDATED, data: { events: updated } };
  });

  route(router, api.remove, requireAuth, requireRole('admin', EVENTS_DELETE_FORBIDDEN)).handle(
    async (ctx) => {
      const { params, query } = ctx.state.input;
      const deleted = await events.remove(params.id, query.scope);
      ctx.state.log.info({ eventId: params.id, scope: query.scope, deleted }, 'event deleted');
      return { success: true, message: EVENT_DELETED, data: { deleted } };
    },
  );

  // Reference §6: Season Stats are for admins; a player gets the team's record and their own figures.
  route(router, resultsEndpoints.stats, requireAuth).handle(async (ctx) => {
    const { members, team } = await results.stats();
    const user = ctx.state.user;
    const visible = user.role === 'admin' ? members : members.filter((m) => m.userId === user.id);
    return { success: true, data: { members: visible, team } };
  });

  route(router, resultsEndpoints.record, requireAuth, manage).handle(async (ctx) => {
    const { params, body } = ctx.state.input;
    const event = await results.record(params.id, body, ctx.state.user.id);
    ctx.state.log.info({ eventId: params.id }, 'result recorded');
    return { success: true, message: RESULT_SAVED, data: event };
  });

  route(router, api.rsvp, requireAuth).handle(async (ctx) => {
    const { params, body } = ctx.state.input;
    const attendee = await events.rsvp(params.id, ctx.state.user.id, body.status);
    return { success: true, message: RSVP_UPDATED, data: attendee };
  });

  return router;
}
