import { NOTIFICATION_FETCH_SIZE } from '@teamapp/contracts';
import { z } from 'zod';

export { uuidParamSchema } from '@teamapp/contracts';

export const listNotificationsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int({ error: 'limit must be a whole number from 1 to 100' })
    .min(1, { error: 'limit must be a whole number from 1 to 100' })
    .max(100, { error: 'limit must be a whole number from 1 to 100' })
    .default(NOTIFICATION_FETCH_SIZE),
});
