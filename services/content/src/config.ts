/** The content service's configuration; the only reader of process.env in this service. */
import { baseConfigShape, parseConfig } from '@teamapp/service-kit';
import { z } from 'zod';

export const contentConfigShape = {
  ...baseConfigShape,
  SERVICE_PORT: z.coerce.number().int().min(0).max(65535).default(4005),
  /**
   * The events service, for the showcase's schedule figures (its /internal routes, which the
   * gateway does not publish). Default: the events service's own default port on this machine.
   */
  EVENTS_INTERNAL_URL: z.string().url().default('http://127.0.0.1:4002'),
};

export type ContentConfig = ReturnType<typeof loadContentConfig>;

export function loadContentConfig(env: Record<string, string | undefined> = process.env) {
  return parseConfig(contentConfigShape, env);
}
