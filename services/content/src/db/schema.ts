/** The content service's tables, in its own `content` schema. */
import {
  createdAtColumn,
  idColumn,
  outboxTable,
  teamsTable,
  updatedAtColumn,
  memberIdColumn,
} from '@teamapp/service-kit';
import {
  ADULT_AGE,
  DEFAULT_SHOWCASE_MINORS,
  type NotificationKind,
  type NotificationPreferences,
  type ShowcaseEditable,
  type ShowcaseMinors,
  type TeamMembership,
} from '@teamapp/contracts';
import { boolean, index, integer, jsonb, pgSchema, text, unique, uuid } from 'drizzle-orm/pg-core';

export const contentSchema = pgSchema('content');

/** Branding: a single row (id 1). */
export const settings = contentSchema.table('settings', {
  id: integer('id').primaryKey(),
  appTitle: text('app_title').notNull(),
  headerColor: text('header_color').notNull(),
  logoBackground: text('logo_background').notNull(),
  logoUrl: text('logo_url'),
  updatedAt: updatedAtColumn(),
  /** How the public showcase shows young players (contracts settings.ts SHOWCASE_MINORS). */
  showcaseMinors: text('showcase_minors')
    .$type<ShowcaseMinors>()
    .notNull()
    .default(DEFAULT_SHOWCASE_MINORS),
  /** The club's adult age (contracts settings.ts `adultAge`); auth counts ages by it. */
  adultAge: integer('adult_age').notNull().default(ADULT_AGE),
});

export type SettingsRow = typeof settings.$inferSelect;

/** One row per recipient. (job_id, user_id) is unique, so a redelivered job adds nothing. */
export const notifications = contentSchema.table(
  'notifications',
  {
    id: idColumn(),
    userId: memberIdColumn(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    /**
     * Shown in the bell: false when the member turned the app channel off for its kind. The row
     * still records the delivery, so a job handled twice pushes nothing twice (reference §3).
     */
    shown: boolean('shown').notNull().default(true),
    jobId: text('job_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('notifications_job_user_unique').on(t.jobId, t.userId),
    index('notifications_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Who "everyone" is, kept from the auth service's member events. A member who left stays as an
 * inactive row, so that an older event handled late (joined after left) cannot bring them back:
 * a row changes only for an event at least as new as its changed_at.
 */
export const members = contentSchema.table('members', {
  userId: uuid('user_id').primaryKey(),
  /** The name the member goes by (a news post's author), from the event's snapshot. */
  name: text('name'),
  /**
   * The member's teams and role in each (contracts teams.ts), from the event's snapshot; null
   * until an event says. Who may run a team's news, and who a team post notifies.
   */
  teams: jsonb('teams').$type<TeamMembership[]>(),
  /**
   * Under the club's adult age (contracts family.ts), from the event's snapshot (false for one
   * from before families): the showcase names them by first name and initial, or not at all.
   */
  minor: boolean('minor').notNull().default(false),
  /** Where their notification mails go (reference §2), from the event's snapshot. */
  email: text('email'),
  joinedAt: createdAtColumn('joined_at'),
  active: boolean('active').notNull().default(true),
  changedAt: createdAtColumn('changed_at'),
});

export type NotificationRow = typeof notifications.$inferSelect;

/** The club's teams, kept from the auth service's team events (queue `content-teams`). */
export const teams = teamsTable(contentSchema);

/**
 * Team news. The author is shown by the name the member list holds for them, or as "Unknown
 * Author" once they are gone. Listed pinned first, then newest first (the index serves that).
 * A post with a team is that team's (its members, its coaches and club admins see it); without
 * one it is the club's, seen by everyone.
 */
export const news = contentSchema.table(
  'news',
  {
    id: idColumn(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    imageUrl: text('image_url'),
    isPinned: boolean('is_pinned').notNull().default(false),
    authorId: uuid('author_id'),
    /** The team the post belongs to; null for a club post. Set when it is published. */
    teamId: uuid('team_id'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('news_order_idx').on(t.isPinned, t.createdAt), index('news_team_idx').on(t.teamId)],
);

export type NewsRow = typeof news.$inferSelect;
/** The showcase's edited parts (a single row, id 1), stored as sanitized JSON. */
export const showcase = contentSchema.table('showcase', {
  id: integer('id').primaryKey(),
  editable: jsonb('editable').notNull().$type<ShowcaseEditable>(),
  updatedBy: uuid('updated_by'),
  updatedAt: updatedAtColumn(),
});

/** Jobs this service publishes (branding changes), relayed to their queues by service-kit. */
export const outbox = outboxTable(contentSchema);

/**
 * Push on a member's devices (reference §7): one row per browser push subscription. An endpoint
 * belongs to one member at a time: the member who last turned push on on that device.
 */
export const pushSubscriptions = contentSchema.table(
  'push_subscriptions',
  {
    id: idColumn(),
    userId: memberIdColumn(),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and authentication secret (RFC 8291), base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    unique('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Each member's notification preferences; a member without a row has the defaults. */
export const notificationPreferences = contentSchema.table('notification_preferences', {
  userId: uuid('user_id').primaryKey(),
  preferences: jsonb('preferences').$type<NotificationPreferences>().notNull(),
  updatedAt: updatedAtColumn(),
});

/**
 * The daily digest (reference §2): a mail held for a member who chose the digest, one row per
 * notification (a job handled twice holds it once), until the day's digest takes it.
 */
export const digestItems = contentSchema.table(
  'digest_items',
  {
    id: idColumn(),
    userId: memberIdColumn(),
    notificationId: uuid('notification_id').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    url: text('url').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('digest_items_notification_user_unique').on(t.notificationId, t.userId),
    index('digest_items_user_idx').on(t.userId, t.createdAt),
  ],
);
export type DigestItemRow = typeof digestItems.$inferSelect;

export const schema = {
  settings,
  notifications,
  members,
  teams,
  news,
  showcase,
  outbox,
  pushSubscriptions,
  notificationPreferences,
  digestItems,
};
export type ContentSchema = typeof schema;
