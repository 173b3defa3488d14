import { z } from 'zod';
import { okAnswerSchema, uuidParamSchema } from './common';
import { NOTIFICATION_FETCH_SIZE } from './constants';
import { endpoint } from './endpoint';

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

const LIMIT = 'limit must be a whole number from 1 to 100';

/** GET /notifications?limit=: how many of the latest (1 to 100, the bell's 20 by default). */
export const notificationsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LIMIT })
    .int({ error: LIMIT })
    .min(1, { error: LIMIT })
    .max(100, { error: LIMIT })
    .default(NOTIFICATION_FETCH_SIZE),
});

/** The caller's own notifications (reference §7 notifications). */
export const notificationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/notifications',
    query: notificationsQuerySchema,
    answer: z.object({ success: z.literal(true), data: z.array(notificationSchema) }),
    summary: "The caller's latest notifications, newest first",
  }),
  unreadCount: endpoint({
    method: 'GET',
    path: '/notifications/unread-count',
    answer: z.object({ success: z.literal(true), data: z.object({ count: z.number() }) }),
    summary: "How many of the caller's notifications are unread",
  }),
  markAllRead: endpoint({
    method: 'POST',
    path: '/notifications/mark-all-read',
    answer: z.object({ success: z.literal(true), data: z.object({ updated: z.number() }) }),
    summary: "Mark every one of the caller's notifications read",
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/notifications/:id/read',
    params: uuidParamSchema,
    answer: okAnswerSchema,
    summary: "Mark one of the caller's notifications read",
  }),
};
