/** What the events service's routers are given: the authenticator and the use cases. */
import type { Authenticator, Logger } from '@teamapp/service-kit';
import type { AnswerLinkUseCases } from './domain/answer-links';
import type { AttendanceUseCases } from './domain/attendance';
import type { BrandingUseCases } from './domain/branding';
import type { AvailabilityUseCases } from './domain/availability';
import type { CalendarUseCases } from './domain/calendar';
import type { EventUseCases } from './domain/events';
import type { ListCache } from './domain/list-cache';
import type { MemberUseCases } from './domain/members';
import type { ReminderScheduler, ReminderUseCases } from './domain/reminders';
import type { ResultUseCases } from './domain/results';
import type { ShowcaseUseCases } from './domain/showcase';
import type { TeamUseCases } from './domain/teams';

export interface EventsDeps {
  log: Logger;
  auth: Authenticator;
  /** GET /api/events, serialized once per change (see list-cache.ts). */
  listCache: ListCache;
  events: EventUseCases;
  availability: AvailabilityUseCases;
  attendance: AttendanceUseCases;
  results: ResultUseCases;
  /** The public showcase's schedule figures (GET /internal/showcase). */
  showcase: ShowcaseUseCases;
  calendar: CalendarUseCases;
  members: MemberUseCases;
  teams: TeamUseCases;
  reminders: ReminderUseCases;
  reminderScheduler: ReminderScheduler;
  /** The one-tap answer links of reminder mails (reference §2). */
  answerLinks: AnswerLinkUseCases;
  /** The club's branding as content last published it, for the pages this service serves itself. */
  branding: BrandingUseCases;
  /** The schedule in the app, where the answer pages link. */
  scheduleUrl: string;
}
