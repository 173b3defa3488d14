/**
 * The events service (schedule, RSVP, availability, attendance, calendar feeds, reminders):
 * builds its dependencies, starts its queue consumers and returns the Koa app without listening.
 */
import {
  buildServiceFoundation,
  clockOf,
  closeInTurn,
  secretKeyFrom,
  type ClockOptions,
  type ServiceHandle,
} from '@teamapp/service-kit';
import type { EventsConfig } from './config';
import type { EventsDeps } from './deps';
import { createBrandingRepo } from './db/branding.repo';
import { eventsRepos } from './db/repos';
import { outbox, schema, type EventsSchema } from './db/schema';
import { answerLinkSigner, createAnswerLinkUseCases } from './domain/answer-links';
import { createAttendanceUseCases } from './domain/attendance';
import { createBrandingUseCases } from './domain/branding';
import { createResultUseCases } from './domain/results';
import { createShowcaseUseCases } from './domain/showcase';
import { createAvailabilityUseCases } from './domain/availability';
import { createCalendarUseCases } from './domain/calendar';
import { clubTime } from './domain/club-time';
import { createEventUseCases } from './domain/events';
import { createListCache } from './domain/list-cache';
import { createMemberUseCases } from './domain/members';
import { createReminderScheduler, createReminderUseCases } from './domain/reminders';
import { createTeamUseCases } from './domain/teams';
import type { EventsUseCaseDeps } from './domain/use-case-deps';
import { eventRemindersConsumer } from './jobs/event-reminders.consumer';
import { eventsBrandingConsumer } from './jobs/events-branding.consumer';
import { eventsMembersConsumer } from './jobs/events-members.consumer';
import { eventsTeamsConsumer } from './jobs/events-teams.consumer';
import { answerLinksRouter } from './routes/answer-links/answer-links.router';
import { attendanceRouter } from './routes/attendance/attendance.router';
import { availabilityRouter } from './routes/availability/availability.router';
import { calendarRouter } from './routes/calendar/calendar.router';
import { eventsRouter } from './routes/events/events.router';
import { familyRouter } from './routes/family/family.router';
import { internalRouter } from './routes/internal/internal.router';

export type EventsService = ServiceHandle<EventsDeps, EventsSchema>;

export async function createEventsService(
  config: EventsConfig,
  options: ClockOptions = {},
): Promise<EventsService> {
  const now = clockOf(options);
  // Read first: a production start without it stops here, before anything is opened.
  const answerLinkKey = secretKeyFrom(config, 'ANSWER_LINK_KEY', 'answer-link.key');
  const base = await buildServiceFoundation(__dirname, { name: 'events', config, schema, outbox });
  const { log, db } = base;
  const repos = eventsRepos(db);
  const time = clubTime(config.CLUB_TIME_ZONE);
  const reminderScheduler = createReminderScheduler({
    queue: base.queues.queue('event-reminders'),
    repos,
    now,
    log,
  });
  const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');
  // Lists computed afresh, by team ('club' for club-wide ones): a write drops its team's only.
  const listBuilt = base.metrics.counter(
    'event_lists_built_total',
    'Event lists computed afresh (not served from the cache), by team.',
    'team',
  );
  const listCache = await createListCache(base.redis, config.REDIS_PREFIX, {
    onError: (err) => log.warn({ err }, 'list cache subscription error'),
    onBuild: (variant) => listBuilt(variant.teamId ?? 'club'),
  });
  // Writes name the event lists they change; those are dropped once each write has committed.
  const inTransaction = base.unitOfWork(eventsRepos, listCache.cache);
  const useCaseDeps: EventsUseCaseDeps = { repos, inTransaction, time, now };
  const results = createResultUseCases(useCaseDeps);
  const events = createEventUseCases({ ...useCaseDeps, reminders: reminderScheduler });
  const scheduleUrl = `${publicUrl}/schedule`;
  const answerLinks = createAnswerLinkUseCases({
    signer: answerLinkSigner(answerLinkKey),
    repos,
    events,
    time,
    now,
    publicUrl,
  });
  const deps: EventsDeps = {
    log,
    listCache,
    auth: base.auth,
    events,
    availability: createAvailabilityUseCases(useCaseDeps),
    attendance: createAttendanceUseCases(useCaseDeps),
    results,
    showcase: createShowcaseUseCases({ repos, results, time, now }),
    calendar: createCalendarUseCases({ repos, publicUrl, timeZone: time.zone }),
    members: createMemberUseCases({ inTransaction }),
    teams: createTeamUseCases({ inTransaction }),
    reminders: createReminderUseCases({
      inTransaction,
      time,
      now,
      scheduleUrl,
      answerLinks: answerLinks.linksFor,
    }),
    reminderScheduler,
    answerLinks,
    branding: createBrandingUseCases({ repo: createBrandingRepo(db) }),
    scheduleUrl,
  };
  base.consume([
    eventsMembersConsumer(deps.members),
    eventsTeamsConsumer(deps.teams),
    eventRemindersConsumer(deps.reminders, log),
    eventsBrandingConsumer(deps.branding, log),
  ]);
  const scheduled = await reminderScheduler.reconcile();
  log.info({ upcoming: scheduled, timeZone: time.zone }, 'reminders scheduled');
  const app = base.createApp({
    routers: [
      answerLinksRouter(deps),
      eventsRouter(deps),
      availabilityRouter(deps),
      attendanceRouter(deps),
      calendarRouter(deps),
      familyRouter(deps),
      internalRouter(deps),
    ],
    errorAlsoMessage: true,
  });
  return { app, deps, base, close: closeInTurn(listCache, base) };
}
