import {
  eventInputSchema,
  eventScopeSchema,
  gameResultInputSchema,
  isoDate,
  rsvpInputSchema,
  uuidParamSchema,
} from '@teamapp/contracts';
import { z } from 'zod';

const DATES = 'date must be given, up to 400 times';
export const conflictsRequest = z.object({
  query: z.object({
    date: z
      .union([isoDate('date'), z.array(isoDate('date'))], { error: DATES })
      .transform((d) => (Array.isArray(d) ? d : [d]))
      .pipe(z.array(z.string()).min(1, { error: DATES }).max(400, { error: DATES })),
  }),
});

export const createEventRequest = z.object({ body: eventInputSchema });

export const updateEventRequest = z.object({
  params: uuidParamSchema,
  query: z.object({ scope: eventScopeSchema }),
  body: eventInputSchema,
});

export const deleteEventRequest = z.object({
  params: uuidParamSchema,
  query: z.object({ scope: eventScopeSchema }),
});

export const rsvpRequest = z.object({ params: uuidParamSchema, body: rsvpInputSchema });

export const resultRequest = z.object({ params: uuidParamSchema, body: gameResultInputSchema });
