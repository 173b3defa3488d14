/**
 * /api/attendance: attendance tracking and its CSV report, for admins. The list and the record
 * come from `attendanceEndpoints` in packages/contracts.
 */
import type { Router } from '@koa/router';
import { ATTENDANCE_SAVED, attendanceEndpoints as api, typeQuerySchema } from '@teamapp/contracts';
import { createRouter, route, validate, type ApiContext } from '@teamapp/service-kit';
import { z } from 'zod';
import type { EventsDeps } from '../../deps';

/** The report takes the list's `?type=` filter. */
const exportRequest = z.object({ query: typeQuerySchema });

export function attendanceRouter({ auth, attendance }: EventsDeps): Router {
  const router = createRouter('/api/attendance');
  router.use(auth.requireAuth, auth.requireRole('admin'));

  route(router, api.list).handle(async (ctx) => ({
    success: true,
    data: await attendance.list(ctx.state.input.query),
    timeZone: attendance.timeZone,
  }));

  // A plain route: the report is a CSV attachment, not a JSON answer a definition could describe.
  router.get(
    '/export.csv',
    validate(exportRequest),
    async (ctx: ApiContext<z.output<typeof exportRequest>>) => {
      const { type } = ctx.state.input.query;
      const day = new Date().toISOString().slice(0, 10);
      ctx.set(
        'Content-Disposition',
        `attachment; filename="attendance-${type ?? 'all'}-${day}.csv"`,
      );
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = await attendance.exportCsv({ type });
    },
  );

  route(router, api.record).handle(async (ctx) => {
    const { params, body } = ctx.state.input;
    const data = await attendance.record(params.eventId, body.records, ctx.state.user.id);
    ctx.state.log.info(
      { eventId: params.eventId, records: body.records.length },
      'attendance recorded',
    );
    return { success: true, message: ATTENDANCE_SAVED, data };
  });

  return router;
}
