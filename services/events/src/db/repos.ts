/** The events service's repositories, over the database or one open transaction. */
import type { Database, InTransaction, Store } from '@teamapp/service-kit';
import { createAttendanceRepo } from './attendance.repo';
import { createAvailabilityRepo } from './availability.repo';
import { createCalendarFeedsRepo } from './calendar-feeds.repo';
import { createEventsRepo } from './events.repo';
import { createFamiliesRepo } from './families.repo';
import { createMembersRepo } from './members.repo';
import { createRemindersRepo } from './reminders.repo';
import { createResultsRepo } from './results.repo';
import { createRsvpsRepo } from './rsvps.repo';
import type { EventsSchema } from './schema';
import { createTeamsRepo } from './teams.repo';

export const eventsRepos = (db: Database<EventsSchema>) => ({
  events: createEventsRepo(db),
  rsvps: createRsvpsRepo(db),
  availability: createAvailabilityRepo(db),
  attendance: createAttendanceRepo(db),
  results: createResultsRepo(db),
  members: createMembersRepo(db),
  families: createFamiliesRepo(db),
  teams: createTeamsRepo(db),
  feeds: createCalendarFeedsRepo(db),
  reminders: createRemindersRepo(db),
});

export type EventsRepos = ReturnType<typeof eventsRepos>;
export type EventsTransaction = InTransaction<EventsRepos>;
/** The repositories inside one transaction, with its outbox. */
export type EventsStore = Store<EventsRepos>;
