/** The events service's tables, in its own `events` schema. */
import {
  createdAtColumn,
  membersTable,
  idColumn,
  latestCopyTable,
  outboxTable,
  teamsTable,
  updatedAtColumn,
  memberIdColumn,
  ownerColumn,
  requiredTimestamp,
} from '@teamapp/service-kit';
import { sql } from 'drizzle-orm';
import {
  pgSchema,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AttendeeStatus,
  EventType,
  Presence,
  ReminderStep,
  Weekday,
} from '@teamapp/contracts';

export const eventsSchema = pgSchema('events');

/** A weekly rule that made a run of events; each occurrence is its own row in `events`. */
export const series = eventsSchema.table('series', {
  id: idColumn(),
  weekdays: text('weekdays').array().notNull().$type<Weekday[]>(),
  until: date('until', { mode: 'string' }),
  count: integer('count'),
  createdAt: createdAtColumn(),
});

export const events = eventsSchema.table(
  'events',
  {
    id: idColumn(),
    seriesId: uuid('series_id').references(() => series.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    eventDate: requiredTimestamp('event_date'),
    location: text('location').notNull(),
    type: text('type').notNull().$type<EventType>(),
    isRequired: boolean('is_required').notNull().default(false),
    /** The event's team (a row of `teams`), or null: club-wide, for every member. */
    teamId: uuid('team_id'),
    createdBy: uuid('created_by'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('events_date_idx').on(t.eventDate),
    index('events_series_idx').on(t.seriesId, t.eventDate),
    index('events_team_idx').on(t.teamId, t.eventDate),
  ],
);

/** A member's own availability ranges (dates in the club's calendar, both ends included). */
export const availability = eventsSchema.table(
  'availability',
  {
    id: idColumn(),
    userId: memberIdColumn(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isAvailable: boolean('is_available').notNull(),
    reason: text('reason'),
    /** The guardian who added the entry for their child (family.ts); null: the member's own. */
    addedBy: uuid('added_by'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('availability_user_idx').on(t.userId, t.startDate),
    index('availability_range_idx').on(t.startDate, t.endDate),
    check('availability_range_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * Answers. `auto` rows were written by a Not Available entry (`availability_id`) on the member's
 * behalf; the member's own answer replaces them, and deleting the entry removes them.
 */
export const rsvps = eventsSchema.table(
  'rsvps',
  {
    eventId: ownerColumn('event_id', () => events.id),
    userId: memberIdColumn(),
    status: text('status').notNull().$type<Exclude<AttendeeStatus, 'pending'>>(),
    responseDate: createdAtColumn('response_date'),
    reason: text('reason'),
    auto: boolean('auto').notNull().default(false),
    availabilityId: uuid('availability_id').references(() => availability.id, {
      onDelete: 'set null',
    }),
    /** The guardian who gave the answer for their child (family.ts); null: the member's own. */
    answeredBy: uuid('answered_by'),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('rsvps_user_idx').on(t.userId),
    index('rsvps_availability_idx').on(t.availabilityId),
  ],
);

/** Who actually came, recorded by an admin after the event. */
export const attendance = eventsSchema.table(
  'attendance',
  {
    eventId: ownerColumn('event_id', () => events.id),
    userId: memberIdColumn(),
    presence: text('presence').notNull().$type<Presence>(),
    recordedBy: uuid('recorded_by'),
    recordedAt: createdAtColumn('recorded_at'),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

/** A game's score, recorded by an admin once it has started (one row per game). */
export const results = eventsSchema.table(
  'results',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    ours: integer('ours').notNull(),
    theirs: integer('theirs').notNull(),
    recordedBy: uuid('recorded_by'),
    recordedAt: createdAtColumn('recorded_at'),
  },
  (t) => [check('results_score_check', sql`${t.ours} >= 0 and ${t.theirs} >= 0`)],
);

/** Who scored and assisted in a game with a recorded result. */
export const scorers = eventsSchema.table(
  'scorers',
  {
    eventId: ownerColumn('event_id', () => results.eventId),
    userId: memberIdColumn(),
    goals: integer('goals').notNull().default(0),
    assists: integer('assists').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('scorers_user_idx').on(t.userId)],
);

/**
 * The members, kept from the auth service's member events. A member who left stays as an
 * inactive row, so an older event handled late cannot bring them back: a row changes only for an
 * event at least as new as its changed_at.
 */
export const members = membersTable(eventsSchema);

/** One guardian of a member, as the member snapshot names them (contracts user.ts). */
export interface GuardianLink {
  userId: string;
  name: string;
  relation: string | null;
}

/**
 * Families (contracts family.ts), kept from the same member events as `members`, beside it: a
 * member's guardians, whether they are under the adult age and whether they have a login. A row
 * changes only for an event at least as new as its changed_at; a member without a row has no
 * guardians, is an adult and has a login (as events from before families say).
 */
export const memberFamilies = eventsSchema.table(
  'member_families',
  {
    userId: uuid('user_id').primaryKey(),
    guardians: jsonb('guardians').$type<GuardianLink[]>().notNull().default([]),
    minor: boolean('minor').notNull().default(false),
    hasLogin: boolean('has_login').notNull().default(true),
    changedAt: createdAtColumn('changed_at'),
  },
  (t) => [index('member_families_guardians_idx').using('gin', t.guardians)],
);

/**
 * The club's teams, kept from auth's team events (queue `events-teams`): the name and colour an
 * event card shows, and which teams exist. Events name their team without a foreign key: an event
 * may be written before its team's event has arrived, never the other way round.
 */
export const teams = teamsTable(eventsSchema);

/** Each member's private calendar feed: whoever holds the token reads that member's calendar. */
export const calendarFeeds = eventsSchema.table('calendar_feeds', {
  userId: uuid('user_id').primaryKey(),
  token: text('token').notNull().unique(),
  createdAt: createdAtColumn(),
});

/**
 * Each team's private calendar feed (reference "Teams"): whoever holds the token reads the team's
 * events. One token per team, shared by its followers; kept as the members' tokens are, so the
 * team's members can be shown the address again.
 */
export const teamCalendarFeeds = eventsSchema.table('team_calendar_feeds', {
  teamId: uuid('team_id').primaryKey(),
  token: text('token').notNull().unique(),
  createdAt: createdAtColumn(),
});

/** One row per reminder sent, so a reminder job that runs twice reminds nobody twice. */
export const remindersSent = eventsSchema.table(
  'reminders_sent',
  {
    eventId: ownerColumn('event_id', () => events.id),
    userId: memberIdColumn(),
    step: text('step').notNull().$type<ReminderStep>(),
    startsAt: requiredTimestamp('starts_at'),
    sentAt: createdAtColumn('sent_at'),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId, t.step, t.startsAt] })],
);

/**
 * The club's branding as content last published it (queue `events-branding`), which the one-tap
 * answer pages wear: one row, or none before the first branding event arrived.
 */
export const branding = latestCopyTable(eventsSchema, 'branding', {
  appTitle: text('app_title').notNull(),
  headerColor: text('header_color').notNull(),
  logoBackground: text('logo_background').notNull(),
  /** The logo as a data URL, or null when none is set. */
  logoUrl: text('logo_url'),
});

/** Jobs this service publishes (notifications, mail), relayed to their queues by service-kit. */
export const outbox = outboxTable(eventsSchema);

export const schema = {
  series,
  events,
  availability,
  rsvps,
  attendance,
  results,
  scorers,
  members,
  memberFamilies,
  teams,
  calendarFeeds,
  teamCalendarFeeds,
  remindersSent,
  branding,
  outbox,
};
export type EventsSchema = typeof schema;
export type EventRow = typeof events.$inferSelect;
export type SeriesRow = typeof series.$inferSelect;
export type AvailabilityRow = typeof availability.$inferSelect;
export type RsvpRow = typeof rsvps.$inferSelect;
export type AttendanceRow = typeof attendance.$inferSelect;
export type ResultRow = typeof results.$inferSelect;
export type ScorerRow = typeof scorers.$inferSelect;
export type MemberRow = typeof members.$inferSelect;
export type FamilyRow = typeof memberFamilies.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
