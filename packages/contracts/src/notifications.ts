import { z } from 'zod';
import { dataAnswerSchema, okAnswerSchema, uuidParamSchema } from './common';
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
    answer: dataAnswerSchema(z.array(notificationSchema)),
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

/**
 * What a notification is about (reference §3 notification preferences): each kind reaches a
 * member on the channels they chose. A notification without a kind (an account notice such as a
 * changed password) is always shown in the app and never pushed or mailed by preference.
 */
export const NOTIFICATION_KINDS = ['events', 'reminders', 'chat', 'news', 'tasks'] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** The channels a kind can reach a member on: the bell in the app, mail, push to a device. */
export const NOTIFICATION_CHANNELS = ['inApp', 'mail', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

const channelFlag = (kind: string, channel: string) =>
  z.boolean({ error: `kinds.${kind}.${channel} must be true or false` });
const channelsSchema = (kind: NotificationKind) =>
  z.strictObject(
    {
      inApp: channelFlag(kind, 'inApp'),
      mail: channelFlag(kind, 'mail'),
      push: channelFlag(kind, 'push'),
    },
    { error: `kinds.${kind} must give inApp, mail and push` },
  );

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = (field: string) =>
  z
    .string({ error: `quietHours.${field} must be a time as HH:MM` })
    .regex(TIME_OF_DAY, { error: `quietHours.${field} must be a time as HH:MM` });

/**
 * A member's notification preferences (reference §3): per kind, per channel; quiet hours (a
 * start and end time of day in the club's time zone, or null) and whether to get a daily digest.
 */
export const notificationPreferencesSchema = z.strictObject(
  {
    kinds: z.strictObject(
      {
        events: channelsSchema('events'),
        reminders: channelsSchema('reminders'),
        chat: channelsSchema('chat'),
        news: channelsSchema('news'),
        tasks: channelsSchema('tasks'),
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `kinds has no kind ${issue.keys.join(', ')}`
            : 'kinds must give events, reminders, chat, news and tasks',
      },
    ),
    quietHours: z
      .strictObject(
        { start: timeOfDay('start'), end: timeOfDay('end') },
        { error: 'quietHours must be {start, end} or null' },
      )
      .nullable(),
    digest: z.boolean({ error: 'digest must be true or false' }),
  },
  { error: 'The preferences must give kinds, quietHours and digest' },
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** The hour of the club's day (its time zone, 24 h clock) the daily digest goes out (reference §2). */
export const DIGEST_HOUR = 18;

/** What a new member gets until they choose (reference §3). */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  kinds: {
    events: { inApp: true, mail: true, push: true },
    reminders: { inApp: true, mail: true, push: true },
    chat: { inApp: true, mail: false, push: true },
    news: { inApp: true, mail: false, push: false },
    tasks: { inApp: true, mail: false, push: true },
  },
  quietHours: null,
  digest: false,
};

/** Base64url without padding (a trailing `=` or `==` is accepted). */
const base64url = (field: string, chars: number) =>
  z.string({ error: `${field} is required` }).regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}={0,2}$`), {
    error: `${field} must be a base64url key of the browser's push subscription`,
  });

export const PUSH_ENDPOINT_MAX = 1000;

/** The browser's PushSubscription as `toJSON()` gives it (W3C Push API, RFC 8291 keys). */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: 'endpoint is required' })
    .max(PUSH_ENDPOINT_MAX, { error: `endpoint must be at most ${PUSH_ENDPOINT_MAX} characters` })
    .pipe(z.url({ error: 'endpoint must be the URL of a push service' })),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes) and a 16-byte authentication secret.
      p256dh: base64url('keys.p256dh', 87),
      auth: base64url('keys.auth', 22),
    },
    { error: 'keys must give p256dh and auth' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** The path of a one-tap answer link (reference §2), on the app's own origin. */
export const ANSWER_LINK_PATH_PATTERN = /^\/api\/events\/answer\/[\w.-]{1,400}$/;
export const answerLinkPathSchema = z.string().regex(ANSWER_LINK_PATH_PATTERN);

/**
 * What a push carries (reference §7): the service worker shows `title` and `body`, opens `url`
 * on a click, and on a reminder for an event offers `actions` (Going, Can't Go) that answer for
 * `eventId`, each by POSTing its `url` (the member's signed answer link) when it has one. `tag`
 * is the notification's id.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  kind: notificationKindSchema,
  url: z.string(),
  tag: z.string(),
  eventId: z.uuid().optional(),
  actions: z.array(
    z.object({
      action: z.enum(['going', 'not-going']),
      title: z.string(),
      url: answerLinkPathSchema.optional(),
    }),
  ),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export const PUSH_SUBSCRIPTION_NOT_FOUND = 'Push subscription not found';
export const PUSH_ENDPOINT_NOT_ALLOWED = "endpoint must be an address of a browser's push service";

const preferencesAnswer = dataAnswerSchema(notificationPreferencesSchema);

/** Push on the caller's devices and their notification preferences (reference §7). */
export const notificationSettingsEndpoints = {
  pushKey: endpoint({
    method: 'GET',
    path: '/notifications/push-key',
    answer: z.object({ success: z.literal(true), data: z.object({ publicKey: z.string() }) }),
    summary: "The server's VAPID public key, for the browser's push subscription",
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/notifications/push-subscriptions',
    body: pushSubscriptionSchema,
    status: 201,
    answer: z.object({ success: z.literal(true), data: z.object({ endpoint: z.string() }) }),
    summary: "Turn push on for this device (the browser's PushSubscription)",
  }),
  unsubscribe: endpoint({
    method: 'DELETE',
    path: '/notifications/push-subscriptions',
    body: z.object({
      endpoint: z
        .string({ error: 'endpoint is required' })
        .min(1, { error: 'endpoint is required' })
        .max(PUSH_ENDPOINT_MAX, {
          error: `endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`,
        }),
    }),
    answer: okAnswerSchema,
    summary: 'Turn push off for one of the own devices',
  }),
  preferences: endpoint({
    method: 'GET',
    path: '/notifications/preferences',
    answer: preferencesAnswer,
    summary: "The caller's notification preferences",
  }),
  setPreferences: endpoint({
    method: 'PUT',
    path: '/notifications/preferences',
    body: notificationPreferencesSchema,
    answer: preferencesAnswer,
    summary: "Set the caller's notification preferences",
  }),
};

/**
 * One-click unsubscribe (reference §2, RFC 8058): every mail that is not transactional carries
 * `List-Unsubscribe: <{PUBLIC_URL}/api/notifications/unsubscribe?token=...>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The token is signed for one member and the
 * kinds the mail is about; POST turns mail off for those kinds (again: no change), GET only shows
 * a page with a button, since mail scanners open links. The answers are HTML pages.
 */
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/** The kinds as the member reads them (the profile's Notifications section). */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  events: 'Event changes',
  reminders: 'Reminders',
  chat: 'Chat messages',
  news: 'News',
  tasks: 'Tasks',
};

/** The unsubscribe pages' texts (reference §2); `{kinds}` lists the kinds' labels. */
export const UNSUBSCRIBE_TEXTS = {
  confirmTitle: 'Unsubscribe from these mails?',
  confirm: 'You will no longer get mails about: {kinds}.',
  button: 'Unsubscribe',
  doneTitle: 'You are unsubscribed',
  done: 'You will no longer get mails about: {kinds}.',
  settings: 'You can choose again under Notifications on your profile.',
  refusedTitle: 'This unsubscribe link does not work',
  refused: 'It may have been altered or copied incompletely. Nothing was changed.',
} as const;
