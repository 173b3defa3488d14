/** /api/attendance: attendance tracking and its CSV report, for admins. */
import type { Router } from '@koa/router';
import { ATTENDANCE_SAVED } from '@teamapp/contracts';
import { validate, type ApiContext, type InputOf, createRouter } from '@teamapp/service-kit';
import type { EventsDeps } from '../../deps';
import { listAttendanceRequest, recordAttendanceRequest } from './attendance.schema';

export function attendanceRouter({ auth, attendance }: EventsDeps): Router {
  const router = createRouter('/api/attendance');
  router.use(auth.requireAuth, auth.requireRole('admin'));

  router.get(
    '/',
    validate(listAttendanceRequest),
    async (ctx: ApiContext<InputOf<typeof listAttendanceRequest>>) => {
      const data = await attendance.list(ctx.state.input.query);
      ctx.body = { success: true, data, timeZone: attendance.timeZone };
    },
  );

  router.get(
    '/export.csv',
    validate(listAttendanceRequest),
    async (ctx: ApiContext<InputOf<typeof listAttendanceRequest>>) => {
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

  router.put(
    '/:eventId',
    validate(recordAttendanceRequest),
    async (ctx: ApiContext<InputOf<typeof recordAttendanceRequest>>) => {
      const { params, body } = ctx.state.input;
      const data = await attendance.record(params.eventId, body.records, ctx.state.user.id);
      ctx.state.log.info(
        { eventId: params.eventId, records: body.records.length },
        'attendance recorded',
      );
      ctx.body = { success: true, message: ATTENDANCE_SAVED, data };
    },
  );

  return router;
}
