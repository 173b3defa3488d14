import { z } from 'zod';

/** A notification as its recipient reads it (reference §3). */
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * Live notifications: content publishes each stored notification on this Redis channel
 * (after the service's key prefix), and the chat service's live socket hands it to the
 * recipient's open sockets as a `notification` frame, with their new unread count.
 */
export const NOTIFICATIONS_LIVE_CHANNEL = 'notifications:live';

export const liveNotificationSchema = z.object({
  userId: z.string(),
  notification: notificationSchema,
  unreadCount: z.number().int().min(0),
});
export type LiveNotification = z.infer<typeof liveNotificationSchema>;
/** One message on the channel: the notifications one job stored. */
export const liveNotificationBatchSchema = z.array(liveNotificationSchema);
