/**
 * A member's signed-in devices (their sessions), as the profile page lists them, and the answers
 * when some are ended. A session is named by an opaque id, never by the secret id in its token.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { messageAnswerSchema, zonedDataAnswerSchema } from './common';

export const deviceSessionSchema = z.object({
  /** Opaque: 32 hex characters; what DELETE /api/auth/sessions/{id} takes. */
  id: z.string(),
  /** The browser in words: "Chrome", "Firefox", "Unknown browser". */
  browser: z.string(),
  /** The system in words: "macOS", "Android", "Unknown system". */
  os: z.string(),
  /** "Computer", "Phone", "Tablet" or "Device". */
  device: z.string(),
  /** When it signed in (ISO, UTC); null for a session from before this was recorded. */
  createdAt: z.string().nullable(),
  /** When it was last used (ISO, UTC; up to a minute behind). */
  lastSeenAt: z.string().nullable(),
  /** Where from, in words: "This computer", "Local network", "Address 203.0.113.x". */
  location: z.string(),
  /** The session this list was asked with. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

/** The data: most recently used first; the current one is among them. */
export const deviceSessionsResponseSchema = zonedDataAnswerSchema(z.array(deviceSessionSchema));
export type DeviceSessionsResponse = z.infer<typeof deviceSessionsResponseSchema>;

export const sessionIdParamSchema = z.object({
  id: z
    .string({ error: 'id is required' })
    .regex(/^[0-9a-f]{32}$/, { error: 'id must be a session id from the list of devices' }),
});

export const endSessionResponseSchema = messageAnswerSchema;

export const endOtherSessionsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ ended: z.number().int().min(0) }),
});
export type EndOtherSessionsResponse = z.infer<typeof endOtherSessionsResponseSchema>;

/** The member's own signed-in devices, as the profile page lists and ends them. */
export const sessionsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/auth/sessions',
    answer: deviceSessionsResponseSchema,
    summary: "The member's signed-in devices, this one marked",
  }),
  endOthers: endpoint({
    method: 'POST',
    path: '/auth/sessions/revoke-others',
    answer: endOtherSessionsResponseSchema,
    summary: 'Sign out every device but this one',
  }),
  end: endpoint({
    method: 'DELETE',
    path: '/auth/sessions/:id',
    params: sessionIdParamSchema,
    answer: endSessionResponseSchema,
    summary: 'Sign out one of the own devices',
  }),
};

export const SESSION_NOT_FOUND = 'Session not found';
export const SESSION_ENDED = 'Signed out of that device.';
export const endedOthersMessage = (ended: number) =>
  ended === 0
    ? 'No other device was signed in.'
    : `Signed out of ${ended} other ${ended === 1 ? 'device' : 'devices'}.`;
