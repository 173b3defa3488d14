import { NOTIFICATION_FETCH_SIZE, uuidParamSchema } from '@teamapp/contracts';
import { z } from 'zod';

const LIMIT = 'limit must be a whole number from 1 to 100';

export const listNotificationsRequest = z.object({
  query: z.object({
    limit: z.coerce
      .number({ error: LIMIT })
      .int({ error: LIMIT })
      .min(1, { error: LIMIT })
      .max(100, { error: LIMIT })
      .default(NOTIFICATION_FETCH_SIZE),
  }),
});

export const markReadRequest = z.object({ params: uuidParamSchema });
