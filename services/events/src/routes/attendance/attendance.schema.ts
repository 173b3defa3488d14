import { attendanceInputSchema, typeFilterSchema } from '@teamapp/contracts';
import { z } from 'zod';

export const listAttendanceRequest = z.object({ query: z.object({ type: typeFilterSchema }) });

export const recordAttendanceRequest = z.object({
  params: z.object({ eventId: z.uuid({ error: 'eventId must be a valid identifier' }) }),
  body: attendanceInputSchema,
});
