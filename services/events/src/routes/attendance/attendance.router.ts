/**
 * /api/attendance: attendance tracking and its CSV report, for club admins and each team's
 * coaches (their teams' events). The list and the record
 * come from `attendanceEndpoints` in packages/contracts.
 */
import type { Router } from '@koa/router';
import {
  ATTENDANCE_SAVED,
  attendanceEndpoints as api,
  attendanceQuerySchema,
} from '@teamapp/contracts';
import { access, createRouter, route, validate, type ApiContext } from '@teamapp/service-kit';
import { z } from 'zod';
import type { EventsDeps } from '../../deps';

/** The report takes the list's `?type=` and `?teamId=` filters. */
const exportRequest = z.object({ query: attendanceQuerySchema });

export function attendanceRouter({ auth, attendance }: EventsDeps): Router {
  const router = createRouter('/api/attendance');
  router.use(auth.requireAuth);
  const ofTeam = access.coach("the event's team");

  route(router, api.list, ofTeam).handle(async (ctx) => ({
    success: true,
    data: await attendance.list(ctx.state.user, ctx.state.input.query),
    timeZone: attendance.timeZone,
  }));

  // A plain route: the report is a CSV attachment, not a JSON answer a definition could describe.
  router.get(
    '/export.csv',
    ofTeam,
    validate(exportRequest),
    async (ctx: ApiContext<z.output<typeof exportRequest>>) => {
      const { type } = ctx.state.input.query;
      const csv = await attendance.exportCsv(ctx.state.user, ctx.state.input.query);
      const day = new Date().toISOString().slice(0, 10);
      ctx.set(
        'Content-Disposition',
        `attachment; filename="attendance-${type ?? 'all'}-${day}.csv"`,
      );
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = csv;
    },
  );

  route(router, api.record, ofTeam).handle(async (ctx) => {
    const { params, body } = ctx.state.input;
    const data = await attendance.record(params.eventId, body.records, ctx.state.user);
    ctx.state.log.info(
      { eventId: params.eventId, records: body.records.length },
      'attendance recorded',
    );
    return { success: true, message: ATTENDANCE_SAVED, data };
  });

  return router;
}
