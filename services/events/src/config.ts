/** The events service's configuration; the only reader of process.env in this service. */
import { baseConfigShape, parseConfig } from '@teamapp/service-kit';
import { IANAZone } from 'luxon';
import { z } from 'zod';

/** The zone of the machine the service runs on: the club's zone unless CLUB_TIME_ZONE says. */
const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const eventsConfigShape = {
  ...baseConfigShape,
  SERVICE_PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  /** The club's IANA time zone: event times are wall-clock times there (e.g. America/Chicago). */
  CLUB_TIME_ZONE: z
    .string()
    .default(serverTimeZone)
    .refine((zone) => IANAZone.isValidZone(zone), {
      error: 'must be an IANA time zone such as America/New_York',
    }),
  /**
   * Signs the one-tap answer links in reminder mails (reference §2): 32 random bytes as base64
   * or 64 hex digits (`openssl rand -base64 32`). Required in production; in development one is
   * generated once into DATA_DIR/keys/answer-link.key.
   */
  ANSWER_LINK_KEY: z.string().optional(),
};

export type EventsConfig = ReturnType<typeof loadEventsConfig>;

export function loadEventsConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(eventsConfigShape, env);
}
