/**
 * Typed job payloads for the queues (ARCHITECTURE "Async"): `mail`, consumed by the mailer;
 * `notifications`, consumed by the content service; `members`, the member list changes that let
 * the content service know who "everyone" is; `branding`, the club's branding as content last
 * saved it, which the mailer keeps so every mail carries the current app title; `events-members`,
 * the events service's own copy of the member events (a BullMQ job reaches one consumer only, so
 * each service that keeps members reads its own queue); `event-reminders`, the events service's
 * delayed RSVP reminders; `tasks-members` and `task-reminders`, the tasks service's copy of the
 * member events and its delayed due-date reminders; `auth-branding`, auth's copy of the branding
 * (the first team is named after the app title); `events-branding`, the events service's copy of
 * the branding with its look (its one-tap answer pages wear it); `events-teams`, `chat-teams` and
 * `content-teams`, each service's copy of the team events (teams.ts); `push`, content's pushes to
 * the members' devices, one job per device; `notification-mails`, content's mails that wait for
 * the member's preferences, quiet hours and digest before they reach `mail`.
 */
import { z } from 'zod';
import { REMINDER_STEPS, type RsvpStatus } from './events';
import { answerLinkPathSchema, notificationKindSchema, pushPayloadSchema } from './notifications';
import { adultAgeSchema, brandingSettingsSchema } from './settings';
import { taskReminderJobSchema, type TaskReminderJob } from './tasks';
import { teamEventSchema, type TeamEvent } from './teams';
import { memberEventSchema, roleSchema, type MemberEvent } from './user';

export const QUEUE_NAMES = {
  mail: 'mail',
  notifications: 'notifications',
  members: 'members',
  branding: 'branding',
  eventsMembers: 'events-members',
  eventReminders: 'event-reminders',
  tasksMembers: 'tasks-members',
  taskReminders: 'task-reminders',
  chatMembers: 'chat-members',
  authBranding: 'auth-branding',
  eventsBranding: 'events-branding',
  eventsTeams: 'events-teams',
  chatTeams: 'chat-teams',
  contentTeams: 'content-teams',
  push: 'push',
  notificationMails: 'notification-mails',
  /** Auth's daily coming-of-age run (docs/reference.md "Families"): its own, with no payload. */
  authComingOfAge: 'auth-coming-of-age',
} as const;
export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];

/**
 * The queues whose jobs wait by design (the reminders' delayed jobs, the daily coming-of-age
 * run): never drained, so nothing waits for them to settle.
 */
export const SCHEDULED_QUEUES: readonly QueueName[] = [
  QUEUE_NAMES.eventReminders,
  QUEUE_NAMES.taskReminders,
  QUEUE_NAMES.authComingOfAge,
];
/** Every other queue: those a test waits to drain once the work it caused is done. */
export const DRAINABLE_QUEUES: readonly QueueName[] = Object.values(QUEUE_NAMES).filter(
  (q) => !SCHEDULED_QUEUES.includes(q),
);

const recipient = { to: z.email(), name: z.string().min(1) };

/**
 * The recipient's one-tap answers (reference §2 "One-tap answers from mail"): a signed link per
 * answer, for that member and that event. Absent from reminders queued before they existed.
 */
export const answerLinksSchema = z.object({
  attending: z.url(),
  maybe: z.url(),
  'not-attending': z.url(),
} satisfies Record<RsvpStatus, z.ZodType>);
export type AnswerLinks = z.infer<typeof answerLinksSchema>;

/** A child named in their guardian's reminder mail, with the child's one-tap answers. */
export const reminderChildSchema = z.object({
  name: z.string().min(1),
  answerLinks: answerLinksSchema,
});
export type ReminderChild = z.infer<typeof reminderChildSchema>;

/**
 * The answers a reminder's push offers, as paths on the app's own origin (the service worker
 * posts nothing elsewhere): the signed links of answerLinksSchema without their origin.
 */
export const pushAnswerUrlsSchema = z.object({
  attending: answerLinkPathSchema,
  'not-attending': answerLinkPathSchema,
});
export type PushAnswerUrls = z.infer<typeof pushAnswerUrlsSchema>;

/**
 * The one-click unsubscribe of a mail that is not transactional (reference §2, RFC 8058): the
 * signed address the mailer writes into List-Unsubscribe, with List-Unsubscribe-Post. Set by
 * content when it lets the mail go; absent from mails queued before it existed.
 */
const unsubscribe = { unsubscribeUrl: z.url().optional() };

/** Schedule mails; `when` is already written out in the club's time zone. */
const eventMail = { title: z.string().min(1), when: z.string().min(1), location: z.string() };
const eventReminderMailSchema = z.object({
  template: z.literal('event-reminder'),
  ...recipient,
  ...eventMail,
  scheduleUrl: z.url(),
  /** The member's own one-tap answers; with `children` too when a guardian also plays. */
  answerLinks: answerLinksSchema.optional(),
  /**
   * A guardian's reminder (family.ts): each of their children who has not answered, with that
   * child's one-tap answers (signed for the child and the guardian).
   */
  children: z.array(reminderChildSchema).min(1).optional(),
  ...unsubscribe,
});
const eventCancelledMailSchema = z.object({
  template: z.literal('event-cancelled'),
  ...recipient,
  ...eventMail,
  ...unsubscribe,
});

/** One line of a notification mail or digest: what the bell shows, and the page it opens. */
export const mailItemSchema = z.object({
  title: z.string().min(1).max(200),
  message: z.string().max(2000),
  url: z.url(),
});
export type MailItem = z.infer<typeof mailItemSchema>;

/**
 * The mails a notification may bring (reference §2): the producer's own (a reminder with its
 * one-tap answers, a cancellation), or the plain `notification` mail content writes for the rest.
 * None of them is transactional: each follows the member's preferences, quiet hours and digest.
 */
export const notificationMailSchema = z.discriminatedUnion('template', [
  eventReminderMailSchema,
  eventCancelledMailSchema,
  z.object({
    template: z.literal('notification'),
    ...recipient,
    ...mailItemSchema.shape,
    ...unsubscribe,
  }),
]);
export type NotificationMail = z.infer<typeof notificationMailSchema>;

/**
 * A mail's secret (a reset link, a temporary password) as it travels in the queue: sealed with
 * AES-256-GCM under MAIL_SECRET_KEY by the service that sends the mail, opened by the mailer
 * alone (service-kit mail-secrets.ts), so neither the queue board nor Redis shows it. Once the
 * mail is out, or failed for good, the mailer replaces it with SECRET_REMOVED.
 */
export const SEALED_PREFIX = 'sealed:v1:';
export const SECRET_REMOVED = '(removed)';
const sealedSecret = z
  .string()
  .max(4000)
  .regex(/^sealed:v1:[\w-]+\.[\w-]+\.[\w-]+$|^\(removed\)$/, 'must be sealed');

export const mailJobSchema = z.discriminatedUnion('template', [
  /** resetUrl and (below) tempPassword are sealed: see sealedSecret. */
  z.object({ template: z.literal('password-reset'), ...recipient, resetUrl: sealedSecret }),
  z.object({
    template: z.literal('password-changed'),
    ...recipient,
    /** Which sessions were ended: every one (reset) or every other one (profile change). */
    signedOut: z.enum(['all', 'others']).optional(),
  }),
  z.object({
    template: z.literal('invitation'),
    ...recipient,
    role: roleSchema,
    loginUrl: z.url(),
    tempPassword: sealedSecret,
    expiresAt: z.iso.datetime({ offset: true }),
  }),
  ...notificationMailSchema.options,
  /**
   * The daily digest (reference §2): the day's held items, once, in place of single mails; its
   * unsubscribe turns mail off for the kinds it lists.
   */
  z.object({
    template: z.literal('digest'),
    ...recipient,
    /** The club day it gathers, written out (e.g. "Saturday, November 28"). */
    day: z.string().min(1),
    items: z.array(mailItemSchema).min(1).max(500),
    ...unsubscribe,
  }),
]);
export type MailJob = z.infer<typeof mailJobSchema>;

/** The mails that are transactional: never turned off, held or put in a digest (reference §2). */
export const TRANSACTIONAL_MAILS = ['password-reset', 'password-changed', 'invitation'] as const;

/**
 * The `mail` queue's order: a transactional mail (a sign-in's invitation, a reset link) goes
 * before every waiting mail that is not, so a club-wide event's mails never hold up someone
 * waiting to sign in. BullMQ takes jobs without a priority first, then by priority.
 */
export const BULK_MAIL_PRIORITY = 10;
export const mailPriority = (mail: Pick<MailJob, 'template'>): number | undefined =>
  (TRANSACTIONAL_MAILS as readonly string[]).includes(mail.template)
    ? undefined
    : BULK_MAIL_PRIORITY;

/** A change or cancellation of an event starting within this many hours is urgent (reference §2). */
export const URGENT_EVENT_WINDOW_HOURS = 48;

/** Who a notification is for: listed users, or every active member. */
export const audienceSchema = z.union([
  z.object({ userIds: z.array(z.uuid()).min(1).max(10_000) }),
  z.object({ everyone: z.literal(true) }),
]);
export type Audience = z.infer<typeof audienceSchema>;

export const notificationJobSchema = z.object({
  audience: audienceSchema,
  title: z.string().min(1).max(200),
  message: z.string().max(2000),
  /** What it is about, for the members' preferences (reference §3); none for account notices. */
  kind: notificationKindSchema.optional(),
  /** The event a reminder is for: its push offers Going and Can't Go (reference §7). */
  eventId: z.uuid().optional(),
  /**
   * A reminder's one-tap answers by recipient (user id): the paths of their signed links
   * (reference §2), which the push's Going and Can't Go POST from the service worker.
   */
  answerUrls: z.record(z.uuid(), pushAnswerUrlsSchema).optional(),
  /**
   * When the changed or cancelled event starts (the earliest, for several): within
   * URGENT_EVENT_WINDOW_HOURS its push is not held by quiet hours (reference §2).
   */
  eventAt: z.iso.datetime({ offset: true }).optional(),
  /**
   * The producer's own mail by recipient (user id), in place of content's plain one: given, only
   * the recipients it lists may be mailed (reference §2). Each still follows the recipient's
   * preferences for the kind, their quiet hours and digest.
   */
  mails: z.record(z.uuid(), notificationMailSchema).optional(),
});
export type NotificationJob = z.infer<typeof notificationJobSchema>;

/**
 * One mail a notification brings one member, waiting in content's `notification-mails` queue for
 * the decision made when it is due (reference §2): their preference for the kind, whether they
 * read the notification in the app meanwhile, quiet hours (held, except an urgent change) and
 * the digest.
 */
export const notificationMailJobSchema = z.object({
  userId: z.uuid(),
  /** The stored notification (content's row id): read in the app, the mail does not go. */
  notificationId: z.uuid(),
  kind: notificationKindSchema,
  eventAt: z.iso.datetime({ offset: true }).optional(),
  mail: notificationMailSchema,
});
export type NotificationMailJob = z.infer<typeof notificationMailJobSchema>;

/** One push to one of a member's devices, sent by content's `push` consumer (reference §7). */
export const pushJobSchema = z.object({
  subscriptionId: z.uuid(),
  payload: pushPayloadSchema,
  /** The notification's `eventAt`: an urgent push goes out during quiet hours (reference §2). */
  eventAt: z.iso.datetime({ offset: true }).optional(),
});
export type PushJob = z.infer<typeof pushJobSchema>;

/**
 * Published by content whenever the branding is written, and once at its start: the app title,
 * and the club's adult age (absent from older events: ADULT_AGE), which auth counts ages by.
 */
export const brandingEventSchema = z.object({
  appTitle: z.string().min(1).max(100),
  adultAge: adultAgeSchema.optional(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type BrandingEvent = z.infer<typeof brandingEventSchema>;

/** Every queue that receives the member events: one per service that keeps members. */
export const MEMBER_EVENT_QUEUES = [
  'members',
  'events-members',
  'tasks-members',
  'chat-members',
] as const;

/**
 * The branding with its look (header colour, logo background, logo), for the pages the events
 * service serves itself (the one-tap answer pages): queue `events-branding` alone carries it, the
 * other queues keep the title only (a payload is parsed with its queue's schema on the way in).
 */
export const brandingLookEventSchema = brandingEventSchema.extend({
  ...brandingSettingsSchema.pick({ headerColor: true, logoBackground: true }).shape,
  /** The address of the club's 192 px icon made from the logo, or null when there is no logo. */
  logoUrl: z.string().nullable(),
});
export type BrandingLookEvent = z.infer<typeof brandingLookEventSchema>;

/** Every queue that receives the branding events: the mailer's, auth's and the events service's. */
export const BRANDING_EVENT_QUEUES = ['branding', 'auth-branding', 'events-branding'] as const;

/** Every queue that receives the team events: one per service that keeps teams. */
export const TEAM_EVENT_QUEUES = ['events-teams', 'chat-teams', 'content-teams'] as const;

/** A delayed reminder for one event; stale when the event moved since (startsAt differs). */
export const eventReminderJobSchema = z.object({
  eventId: z.uuid(),
  step: z.enum(REMINDER_STEPS),
  startsAt: z.iso.datetime({ offset: true }),
});
export type EventReminderJob = z.infer<typeof eventReminderJobSchema>;

/** The daily coming-of-age run carries nothing: it reads the day when it runs. */
export const comingOfAgeJobSchema = z.object({});
export type ComingOfAgeJob = z.infer<typeof comingOfAgeJobSchema>;

export interface JobPayloads {
  mail: MailJob;
  notifications: NotificationJob;
  members: MemberEvent;
  branding: BrandingEvent;
  'events-members': MemberEvent;
  'event-reminders': EventReminderJob;
  'tasks-members': MemberEvent;
  'task-reminders': TaskReminderJob;
  'chat-members': MemberEvent;
  'auth-branding': BrandingEvent;
  'events-branding': BrandingLookEvent;
  'events-teams': TeamEvent;
  'chat-teams': TeamEvent;
  'content-teams': TeamEvent;
  push: PushJob;
  'notification-mails': NotificationMailJob;
  'auth-coming-of-age': ComingOfAgeJob;
}

export const jobSchemas = {
  mail: mailJobSchema,
  notifications: notificationJobSchema,
  members: memberEventSchema,
  branding: brandingEventSchema,
  'events-members': memberEventSchema,
  'event-reminders': eventReminderJobSchema,
  'tasks-members': memberEventSchema,
  'task-reminders': taskReminderJobSchema,
  'chat-members': memberEventSchema,
  'auth-branding': brandingEventSchema,
  'events-branding': brandingLookEventSchema,
  'events-teams': teamEventSchema,
  'chat-teams': teamEventSchema,
  'content-teams': teamEventSchema,
  push: pushJobSchema,
  'notification-mails': notificationMailJobSchema,
  'auth-coming-of-age': comingOfAgeJobSchema,
} as const;
