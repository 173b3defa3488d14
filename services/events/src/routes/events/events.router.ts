/**
 * /api/events: the schedule for everyone, its management for admins, each member's RSVP, game
 * results (admins) and the season's figures.
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
} from '@teamapp/contracts';
import { validate, type ApiContext, type InputOf, createRouter } from '@teamapp/service-kit';
import type { EventsDeps } from '../../deps';
import {
  conflictsRequest,
  createEventRequest,
  deleteEventRequest,
  listEventsRequest,
  resultRequest,
  rsvpRequest,
  updateEventRequest,
} from './events.schema';

export function eventsRouter({ auth, events, listCache, results }: EventsDeps): Router {
  const router = createRouter('/api/events');
  const { requireAuth, requireRole } = auth;
  const manage = requireRole('admin', EVENTS_MANAGE_FORBIDDEN);

  router.get(
    '/',
    requireAuth,
    validate(listEventsRequest),
    async (ctx: ApiContext<InputOf<typeof listEventsRequest>>) => {
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
    },
  );

  router.get(
    '/conflicts',
    requireAuth,
    manage,
    validate(conflictsRequest),
    async (ctx: ApiContext<InputOf<typeof conflictsRequest>>) => {
      ctx.body = { success: true, data: await events.conflicts(ctx.state.input.query.date) };
    },
  );

  router.post(
    '/',
    requireAuth,
    manage,
    validate(createEventRequest),
    async (ctx: ApiContext<InputOf<typeof createEventRequest>>) => {
      const created = await events.create(ctx.state.input.body, ctx.state.user.id);
      ctx.state.log.info({ eventIds: created.map((e) => e.id) }, 'events created');
      ctx.status = 201;
      ctx.body = {
        success: true,
        message: created.length > 1 ? EVENTS_CREATED : EVENT_CREATED,
        data: { events: created },
      };
    },
  );

  router.put(
    '/:id',
    requireAuth,
    manage,
    validate(updateEventRequest),
    async (ctx: ApiContext<InputOf<typeof updateEventRequest>>) => {
      const { params, query, body } = ctx.state.input;
      const updated = await events.update(params.id, body, query.scope);
      ctx.state.log.info({ eventId: params.id, scope: query.scope }, 'event updated');
      ctx.body = { success: true, message: EVENT_UPDATED, data: { events: updated } };
    },
  );

  router.delete(
    '/:id',
    requireAuth,
    requireRole('admin', EVENTS_DELETE_FORBIDDEN),
    validate(deleteEventRequest),
    async (ctx: ApiContext<InputOf<typeof deleteEventRequest>>) => {
      const { params, query } = ctx.state.input;
      const deleted = await events.remove(params.id, query.scope);
      ctx.state.log.info({ eventId: params.id, scope: query.scope, deleted }, 'event deleted');
      ctx.body = { success: true, message: EVENT_DELETED, data: { deleted } };
    },
  );

  // Reference §6: Season Stats are for admins; a player gets the team's record and their own figures.
  router.get('/stats', requireAuth, async (ctx: ApiContext) => {
    const { members, team } = await results.stats();
    const user = ctx.state.user;
    const visible = user.role === 'admin' ? members : members.filter((m) => m.userId === user.id);
    ctx.body = { success: true, data: { members: visible, team } };
  });

  router.put(
    '/:id/result',
    requireAuth,
    manage,
    validate(resultRequest),
    async (ctx: ApiContext<InputOf<typeof resultRequest>>) => {
      const { params, body } = ctx.state.input;
      const event = await results.record(params.id, body, ctx.state.user.id);
      ctx.state.log.info({ eventId: params.id }, 'result recorded');
      ctx.body = { success: true, message: RESULT_SAVED, data: event };
    },
  );

  router.post(
    '/:id/rsvp',
    requireAuth,
    validate(rsvpRequest),
    async (ctx: ApiContext<InputOf<typeof rsvpRequest>>) => {
      const { params, body } = ctx.state.input;
      const attendee = await events.rsvp(params.id, ctx.state.user.id, body.status);
      ctx.body = { success: true, message: RSVP_UPDATED, data: attendee };
    },
  );

  return router;
}
