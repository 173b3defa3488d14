/** The events service's configuration; the only reader of process.env in this service. */
import { baseConfigShape, clubTimeZoneSchema, parseConfig } from '@teamapp/service-kit';
import { z } from 'zod';

export const eventsConfigShape = {
  ...baseConfigShape,
  SERVICE_PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  /** The club's IANA time zone: event times are wall-clock times there (e.g. America/Chicago). */
  CLUB_TIME_ZONE: clubTimeZoneSchema,
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
