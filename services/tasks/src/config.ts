/** The tasks service's configuration; the only reader of process.env in this service. */
import { baseConfigShape, clubTimeZoneSchema, parseConfig } from '@teamapp/service-kit';
import { z } from 'zod';

export const tasksConfigShape = {
  ...baseConfigShape,
  SERVICE_PORT: z.coerce.number().int().min(0).max(65535).default(4004),
  /** The club's IANA time zone: due dates, "overdue" and reminder times are read there. */
  CLUB_TIME_ZONE: clubTimeZoneSchema,
};

export type TasksConfig = ReturnType<typeof loadTasksConfig>;

export function loadTasksConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(tasksConfigShape, env);
}
