/**
 * The schedule's payloads (reference §3, §4, §5, §7): events with RSVP, recurring series,
 * availability entries, attendance records and the private calendar feed. Times travel as ISO
 * strings; a date and time without an offset is read in the club's time zone by the server.
 */
import { z } from 'zod';
import { gameResultInputSchema, gameResultSchema, seasonStatsResponseSchema } from './results';
import {
  dataAnswerSchema,
  messageAnswerSchema,
  requiredText,
  uuidParamSchema,
  limitedText,
  textFields,
  zonedDataAnswerSchema,
} from './common';
import { endpoint } from './endpoint';

export const EVENT_TYPES = ['training', 'game', 'meeting', 'social'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What a member may answer (POST /events/{id}/rsvp). */
export const RSVP_STATUSES = ['attending', 'maybe', 'not-attending'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/** An attendee's status: an answer, or pending when there is none (reference §4). */
export const ATTENDEE_STATUSES = [...RSVP_STATUSES, 'pending'] as const;
export type AttendeeStatus = (typeof ATTENDEE_STATUSES)[number];

/** Who actually came, as an admin records it after the event. */
export const PRESENCES = ['present', 'late', 'absent', 'excused'] as const;
export type Presence = (typeof PRESENCES)[number];

/** Weekdays of a weekly recurrence, as iCalendar writes them. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A recurring series may run for at most this long from its first event. */
export const RECURRENCE_MAX_YEARS = 2;

/** Reminder steps: hours before an event that members without an answer are reminded. */
export const REMINDER_STEPS = ['72h', '24h'] as const;
export type ReminderStep = (typeof REMINDER_STEPS)[number];
export const REMINDER_HOURS: Record<ReminderStep, number> = { '72h': 72, '24h': 24 };

/** The reason an absence gives when it answers for a member. */
export const unavailableReason = (reason: string | null | undefined) =>
  reason ? `Unavailable: ${reason}` : 'Unavailable';

// Reference §6 and §8, exactly.
export const EVENTS_MANAGE_FORBIDDEN = 'Only administrators can manage events';
export const EVENTS_DELETE_FORBIDDEN = 'Only administrators can delete events';

export const EVENT_CREATED = 'Event created successfully';
export const EVENTS_CREATED = 'Events created successfully';
export const EVENT_UPDATED = 'Event updated successfully';
export const EVENT_DELETED = 'Event deleted successfully';
export const RSVP_UPDATED = 'RSVP updated successfully';
export const AVAILABILITY_CREATED = 'Availability entry created successfully';
export const AVAILABILITY_DELETED = 'Availability entry deleted successfully';
export const ATTENDANCE_SAVED = 'Attendance saved successfully';

/** `2026-05-01T19:00`, with optional seconds, fraction and offset (Z or ±hh:mm). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date (YYYY-MM-DD) that exists. */
export function isoDate(field: string) {
  const message = `${field} must be a date in the form YYYY-MM-DD`;
  return z
    .string({ error: message })
    .regex(ISO_DATE, { error: message })
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
    }, message);
}

/** A date and time; the server reads one without an offset in the club's time zone. */
export function isoDateTime(field: string) {
  const message = `${field} must be an ISO date and time such as 2026-05-01T19:00`;
  return z.string({ error: message }).trim().regex(ISO_DATE_TIME, { error: message });
}

const EVENT_TYPE_MESSAGE = `type must be one of ${EVENT_TYPES.join(', ')}`;
const WEEKDAYS_MESSAGE = `recurrence.weekdays must list days from ${WEEKDAYS.join(', ')}`;

/** A weekly recurrence: on these weekdays, until a date or for a number of events. */
export const recurrenceSchema = z
  .object(
    {
      weekdays: z
        .array(z.enum(WEEKDAYS, { error: WEEKDAYS_MESSAGE }), { error: WEEKDAYS_MESSAGE })
        .min(1, { error: WEEKDAYS_MESSAGE })
        .max(7, { error: WEEKDAYS_MESSAGE }),
      until: isoDate('recurrence.until').optional(),
      count: z
        .number({ error: 'recurrence.count must be a whole number from 1 to 730' })
        .int({ error: 'recurrence.count must be a whole number from 1 to 730' })
        .min(1, { error: 'recurrence.count must be a whole number from 1 to 730' })
        .max(730, { error: 'recurrence.count must be a whole number from 1 to 730' })
        .optional(),
    },
    { error: 'recurrence must be an object with weekdays and until or count' },
  )
  .refine((r) => r.until !== undefined || r.count !== undefined, {
    error: 'recurrence needs an end: give until or count',
  })
  .refine((r) => r.until === undefined || r.count === undefined, {
    error: 'recurrence takes until or count, not both',
  });
export type Recurrence = z.infer<typeof recurrenceSchema>;

/** POST /events and PUT /events/{id} (reference §7 plus recurrence). */
export const eventInputSchema = z.object({
  title: requiredText('title', 200),
  description: limitedText('description', 5000)
    .nullish()
    .transform((v) => v ?? ''),
  eventDate: isoDateTime('eventDate'),
  location: requiredText('location', 200),
  type: z.enum(EVENT_TYPES, { error: EVENT_TYPE_MESSAGE }).default('training'),
  isRequired: z.boolean({ error: 'isRequired must be true or false' }).default(false),
  recurrence: recurrenceSchema.nullish(),
  /** The event's team (teams.ts); null or absent: club-wide, for every member. */
  teamId: z.uuid({ error: 'teamId must be a valid identifier' }).nullish(),
});
export type EventInput = z.input<typeof eventInputSchema>;

/** Which occurrences of a series a change or delete applies to. */
export const EVENT_SCOPES = ['this', 'following'] as const;
export type EventScope = (typeof EVENT_SCOPES)[number];
export const eventScopeSchema = z
  .enum(EVENT_SCOPES, { error: 'scope must be this or following' })
  .default('this');

/**
 * Families (family.ts): a guardian answers or adds an absence for a child of theirs by naming the
 * child; left out, the caller answers for themselves. Anyone else's id: 403 NOT_YOUR_CHILD.
 */
export const forUserIdSchema = z.uuid({ error: 'forUserId must be a valid identifier' }).optional();

export const rsvpInputSchema = z.object({
  status: z.enum(RSVP_STATUSES, {
    error: `status must be one of ${RSVP_STATUSES.join(', ')}`,
  }),
  forUserId: forUserIdSchema,
});

/** Who gave an answer for someone else: a guardian for their child (family.ts). */
export const answeredBySchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** The guardian's relation as the club wrote it ("Mother"), or null. */
  relation: z.string().nullable(),
});
export type AnsweredBy = z.infer<typeof answeredBySchema>;
export type RsvpInput = z.infer<typeof rsvpInputSchema>;

export const attendeeSchema = z.object({
  user_id: z.string(),
  status: z.enum(ATTENDEE_STATUSES),
  response_date: z.string().nullable(),
  /** Set when an absence answered for the member: "Unavailable: {reason}". */
  reason: z.string().optional(),
  /** True when an absence answered, not the member. */
  auto: z.boolean().optional(),
  /** Set when a guardian answered (or added the absence) for the member. */
  answeredBy: answeredBySchema.nullable().optional(),
});
export type Attendee = z.infer<typeof attendeeSchema>;

/** A member whose Not Available entry covers the event's day (admins only). */
export const awayMemberSchema = z.object({
  user_id: z.string(),
  name: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AwayMember = z.infer<typeof awayMemberSchema>;

/** An event's answers counted by status: one per invited member (reference §3, added). */
export const attendeeCountsSchema = z.object({
  attending: z.number().int(),
  maybe: z.number().int(),
  'not-attending': z.number().int(),
  pending: z.number().int(),
});
export type AttendeeCounts = z.infer<typeof attendeeCountsSchema>;

/** The team an event belongs to, as its card shows it. */
export const eventTeamSchema = z.object({ id: z.string(), name: z.string(), colour: z.string() });

export const eventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** The instant, ISO in UTC; show it in the response's `timeZone`. */
  event_date: z.string(),
  location: z.string(),
  type: z.enum(EVENT_TYPES),
  isRequired: z.boolean(),
  seriesId: z.string().nullable(),
  /** The series' rule when the event is one of a series. */
  recurrence: recurrenceSchema.nullable(),
  /**
   * Every invited member's entry (pending included) for those who run the event: club admins,
   * and the team's coaches on its events. Empty in a list for those who do not run it (a
   * player's): their own entry is in the list's `mine`, and the figures in `counts` (added).
   */
  attendees: z.array(attendeeSchema),
  /** How many invited members answered each way, pending when they did not (added). */
  counts: attendeeCountsSchema,
  /** Admins only: members away that day. */
  away: z.array(awayMemberSchema).optional(),
  /** Attended count: present or late when recorded, otherwise the Going answers. */
  attended: z.number(),
  attendanceRecorded: z.boolean(),
  /** Games only: the recorded result, or null until an admin records it. */
  result: gameResultSchema.nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The event's team, or null when it is club-wide. */
  teamId: z.string().nullable().optional(),
  /** The team's name and colour; null when club-wide (or the team is not known yet). */
  team: eventTeamSchema.nullable().optional(),
});
export type ClubEvent = z.infer<typeof eventSchema>;

export const eventsResponseSchema = z.object({
  success: z.literal(true),
  events: z.array(eventSchema),
  /** The club's time zone (IANA), in which every date and time is to be shown. */
  timeZone: z.string(),
  /**
   * The list holds every upcoming event and a page of the most recent past ones: pass this as
   * `?before=` for the page before it; null when no older event is left.
   */
  olderBefore: z.string().nullable().optional(),
  /**
   * The caller's own entry, by event id, for each listed event they are invited to and whose
   * `attendees` leave them out (the events they do not run), pending included (added). Events
   * they run list them among `attendees` instead.
   */
  mine: z.record(z.string(), attendeeSchema).optional(),
  /**
   * A guardian's children's entries, by event id, for each listed event a child of theirs is
   * invited to (family.ts): the schedule shows whose each event is. Absent for non-guardians.
   */
  children: z.record(z.string(), z.array(attendeeSchema)).optional(),
});
export type EventsResponse = z.infer<typeof eventsResponseSchema>;

const TYPE_FILTER = `type must be all or one of ${EVENT_TYPES.join(', ')}`;

/** `?type=` of a list: all (or absent) or one event type. */
export const typeFilterSchema = z
  .enum(['all', ...EVENT_TYPES], { error: TYPE_FILTER })
  .optional()
  .transform((type) => (type === 'all' ? undefined : type));

/** The `?type=` query of the events list, attendance and its report. */
export const typeQuerySchema = z.object({ type: typeFilterSchema });

/** `?teamId=`: one team's events only (the caller must be able to see the team). */
export const teamFilterSchema = z.uuid({ error: 'teamId must be a valid identifier' }).optional();

/** GET /events: the type and team filters, and `before` for older past events. */
export const eventsListQuerySchema = typeQuerySchema.extend({
  teamId: teamFilterSchema,
  before: z.iso.datetime({ offset: true, error: 'before must be an ISO date and time' }).optional(),
});

/** GET /events/stats?teamId=: one team's record and members; without it, the club's. */
export const statsQuerySchema = z.object({ teamId: teamFilterSchema });

/** GET /attendance and its CSV report: the type filter and one team's events (`teamId`). */
export const attendanceQuerySchema = typeQuerySchema.extend({ teamId: teamFilterSchema });

const DATES = 'date must be given, up to 400 times';

/** `?date=` of the collision check: one or more club dates (YYYY-MM-DD), up to 400. */
export const conflictDatesSchema = z
  .union([isoDate('date'), z.array(isoDate('date'))], { error: DATES })
  .transform((d) => (Array.isArray(d) ? d : [d]))
  .pipe(z.array(z.string()).min(1, { error: DATES }).max(400, { error: DATES }));

/** GET /events/conflicts: who is away on each asked date. */
export const conflictsResponseSchema = dataAnswerSchema(
  z.array(z.object({ date: z.string(), away: z.array(awayMemberSchema) })),
);

/** POST and PUT /events answer the occurrences written (reference §7). */
const eventsWrittenSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ events: z.array(eventSchema) }),
});

const scopeQuerySchema = z.object({ scope: eventScopeSchema });

/** The /events endpoints (reference §7 events): the list, its management (admins) and RSVP. */
export const eventsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/events',
    query: eventsListQuerySchema,
    answer: eventsResponseSchema,
    summary: 'The events a member may see, with the club time zone',
  }),
  create: endpoint({
    method: 'POST',
    path: '/events',
    body: eventInputSchema,
    answer: eventsWrittenSchema,
    status: 201,
    summary:
      "Create an event, or every occurrence of a weekly series (club admins; a team's coaches for its events)",
  }),
  update: endpoint({
    method: 'PUT',
    path: '/events/:id',
    params: uuidParamSchema,
    query: scopeQuerySchema,
    body: eventInputSchema,
    answer: eventsWrittenSchema,
    summary:
      "Change an event, or it and the following occurrences of its series (club admins; the team's coaches)",
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/events/:id',
    params: uuidParamSchema,
    query: scopeQuerySchema,
    answer: z.object({
      success: z.literal(true),
      message: z.string(),
      data: z.object({ deleted: z.number() }),
    }),
    summary:
      "Delete an event, or it and the following occurrences of its series (club admins; the team's coaches)",
  }),
  conflicts: endpoint({
    method: 'GET',
    path: '/events/conflicts',
    query: z.object({ date: conflictDatesSchema, teamId: teamFilterSchema }),
    answer: conflictsResponseSchema,
    summary:
      "The members away on each of the given dates (club admins; a coach: their teams' members)",
  }),
  rsvp: endpoint({
    method: 'POST',
    path: '/events/:id/rsvp',
    params: uuidParamSchema,
    body: rsvpInputSchema,
    answer: z.object({ success: z.literal(true), message: z.string(), data: attendeeSchema }),
    summary: "The signed-in member's answer to an event",
  }),
};

/**
 * A game's result and the season's figures (results.ts has their payloads; the result answers
 * the event, whose schema is here).
 */
export const resultsEndpoints = {
  record: endpoint({
    method: 'PUT',
    path: '/events/:id/result',
    params: uuidParamSchema,
    body: gameResultInputSchema,
    answer: z.object({ success: z.literal(true), message: z.string(), data: eventSchema }),
    summary:
      "Record or replace a started game's score and scorers (club admins; the team's coaches)",
  }),
  stats: endpoint({
    method: 'GET',
    path: '/events/stats',
    query: statsQuerySchema,
    answer: seasonStatsResponseSchema,
    summary:
      "The team's record and the season's figures, club-wide or of one team (a player: their own line only)",
  }),
};

/** POST /availability (reference §5: an empty reason is omitted). */
export const availabilityInputSchema = z
  .object({
    startDate: isoDate('startDate'),
    endDate: isoDate('endDate'),
    isAvailable: z.boolean({ error: 'isAvailable must be true or false' }),
    reason: limitedText('reason', 500)
      .nullish()
      .transform((v) => (v ? v : undefined)),
    forUserId: forUserIdSchema,
  })
  .refine((v) => v.endDate >= v.startDate, {
    error: 'endDate must not be before startDate',
    path: ['endDate'],
  });
export type AvailabilityInput = z.input<typeof availabilityInputSchema>;

export const availabilityEntrySchema = z.object({
  ...textFields('id', 'user_id', 'start_date', 'end_date'),
  is_available: z.boolean(),
  reason: z.string().optional(),
});
export type AvailabilityEntry = z.infer<typeof availabilityEntrySchema>;

/** A member's own availability entries (reference §7 availability; each member's own, §6). */
export const availabilityEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/availability',
    /** A guardian reads a child's entries with `?forUserId=` (family.ts). */
    query: z.object({ forUserId: forUserIdSchema }),
    answer: dataAnswerSchema(z.array(availabilityEntrySchema)),
    summary: "The signed-in member's availability entries (or their child's)",
  }),
  create: endpoint({
    method: 'POST',
    path: '/availability',
    body: availabilityInputSchema,
    answer: z.object({
      success: z.literal(true),
      message: z.string(),
      data: availabilityEntrySchema,
    }),
    status: 201,
    summary: 'Add an availability entry (an absence answers the events in its range)',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/availability/:id',
    params: uuidParamSchema,
    answer: messageAnswerSchema,
    summary: "Delete one of the member's own availability entries",
  }),
};

/** PUT /attendance/{eventId}. */
export const attendanceInputSchema = z.object({
  records: z
    .array(
      z.object({
        userId: z.uuid({ error: 'records.userId must be a valid identifier' }),
        presence: z.enum(PRESENCES, {
          error: `records.presence must be one of ${PRESENCES.join(', ')}`,
        }),
      }),
      { error: 'records must be a list of { userId, presence }' },
    )
    .min(1, { error: 'records must not be empty' })
    .max(500, { error: 'records must have at most 500 entries' }),
});
export type AttendanceInput = z.infer<typeof attendanceInputSchema>;

/** Reference §3's attendance event, each attendee with the recorded presence. */
export const attendanceEventSchema = z.object({
  ...textFields('id', 'title', 'date'),
  type: z.enum(EVENT_TYPES),
  location: z.string(),
  isRequired: z.boolean(),
  attendanceRecorded: z.boolean(),
  /** The event's team, or null when it is club-wide (who may record it: teams.ts). */
  teamId: z.string().nullable().optional(),
  attendees: z.array(
    z.object({
      userId: z.string(),
      name: z.string().nullable(),
      status: z.enum(ATTENDEE_STATUSES),
      reason: z.string().optional(),
      presence: z.enum(PRESENCES).nullable(),
      /** Set when a guardian answered for the member (docs/reference.md "Families"). */
      answeredBy: answeredBySchema.optional(),
    }),
  ),
});
export type AttendanceEvent = z.infer<typeof attendanceEventSchema>;

export const attendanceResponseSchema = zonedDataAnswerSchema(z.array(attendanceEventSchema));

/**
 * Attendance tracking (admins, reference §7 attendance). Its CSV report (GET
 * /attendance/export.csv) answers a file, not JSON, so it has no definition here.
 */
export const attendanceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/attendance',
    query: attendanceQuerySchema,
    answer: attendanceResponseSchema,
    summary: "Events with every member's answer and recorded presence, with the club time zone",
  }),
  record: endpoint({
    method: 'PUT',
    path: '/attendance/:eventId',
    params: z.object({ eventId: z.uuid({ error: 'eventId must be a valid identifier' }) }),
    body: attendanceInputSchema,
    answer: z.object({
      success: z.literal(true),
      message: z.string(),
      data: attendanceEventSchema,
    }),
    summary: 'Record who came to an event',
  }),
};

export const calendarFeedResponseSchema = dataAnswerSchema(z.object({ url: z.string() }));
export type CalendarFeedResponse = z.infer<typeof calendarFeedResponseSchema>;

/** The team of a team calendar feed's routes. */
export const calendarTeamParamsSchema = z.object({
  teamId: z.uuid({ error: 'teamId must be a valid identifier' }),
});

/**
 * The member's private calendar feed URL and its regeneration, and each team's (reference §7
 * calendar, "Teams").
 */
export const calendarEndpoints = {
  feed: endpoint({
    method: 'GET',
    path: '/calendar/feed',
    answer: calendarFeedResponseSchema,
    summary: "The signed-in member's private calendar feed URL",
  }),
  regenerate: endpoint({
    method: 'POST',
    path: '/calendar/feed/regenerate',
    answer: calendarFeedResponseSchema,
    summary: 'A new feed URL; the old one stops working',
  }),
  /** A team's feed (its events only), for any member of the team, its coaches and club admins. */
  teamFeed: endpoint({
    method: 'GET',
    path: '/calendar/teams/:teamId/feed',
    params: calendarTeamParamsSchema,
    answer: calendarFeedResponseSchema,
    summary: "A team's private calendar feed URL (its events only)",
  }),
  /** A new team feed URL, by the team's coach or a club admin. */
  regenerateTeam: endpoint({
    method: 'POST',
    path: '/calendar/teams/:teamId/feed/regenerate',
    params: calendarTeamParamsSchema,
    answer: calendarFeedResponseSchema,
    summary: "A new URL for a team's feed; the old one stops working",
  }),
};
