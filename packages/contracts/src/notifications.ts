import { z } from 'zod';

/** A notification as its recipient reads it (SPEC §3). */
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
