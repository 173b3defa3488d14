/** The tasks service's configuration; the only reader of process.env in this service. */
import { baseConfigShape, parseConfig } from '@teamapp/service-kit';
import { IANAZone } from 'luxon';
import { z } from 'zod';

/** The zone of the machine the service runs on: the club's zone unless CLUB_TIME_ZONE says. */
const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const tasksConfigShape = {
  ...baseConfigShape,
  SERVICE_PORT: z.coerce.number().int().min(0).max(65535).default(4004),
  /** The club's IANA time zone: due dates, "overdue" and reminder times are read there. */
  CLUB_TIME_ZONE: z
    .string()
    .default(serverTimeZone)
    .refine((zone) => IANAZone.isValidZone(zone), {
      error: 'must be an IANA time zone such as America/New_York',
    }),
};

export type TasksConfig = ReturnType<typeof loadTasksConfig>;

export function loadTasksConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(tasksConfigShape, env);
}
