/**
 * The private calendar feed: each member has a secret URL (no Authorization header, so calendar
 * apps can subscribe) that serves the club-wide events and those of the member's teams as
 * iCalendar, with the member's own answer in each
 * summary. Regenerating replaces the secret, so the old URL stops working at once.
 */
import { randomBytes } from 'node:crypto';
import type { AttendeeStatus } from '@teamapp/contracts';
import ical from 'ical-generator';
import type { EventsRepos } from '../db/repos';

/** Events have no end time in the product; calendars show each as this long. */
export const EVENT_DURATION_MS = 2 * 3_600_000;

const ANSWER_LABELS: Record<AttendeeStatus, string> = {
  attending: 'Going',
  maybe: 'Maybe',
  'not-attending': "Can't Go",
  pending: 'No Response',
};

/** 32 URL-safe characters: 192 random bits. */
const newToken = () => randomBytes(24).toString('base64url');

export const FEED_TOKEN = /^[A-Za-z0-9_-]{32}$/;

export function createCalendarUseCases(deps: {
  repos: EventsRepos;
  publicUrl: string;
  timeZone: string;
}) {
  const { repos } = deps;
  const urlOf = (token: string) => `${deps.publicUrl.replace(/\/$/, '')}/api/calendar/${token}.ics`;
  return {
    /** The member's feed URL, made on first use. */
    feedUrl: async (userId: string) => urlOf(await repos.feeds.ensure(userId, newToken())),

    async regenerate(userId: string) {
      const token = newToken();
      await repos.feeds.replace(userId, token);
      return urlOf(token);
    },

    /** The feed behind a token, or undefined when no member holds it. */
    async render(token: string): Promise<string | undefined> {
      if (!FEED_TOKEN.test(token)) return undefined;
      const userId = await repos.feeds.ownerOf(token);
      if (!userId) return undefined;
      const member = await repos.members.find(userId);
      const teams = (member?.teams ?? []).map((t) => t.teamId);
      const [events, answers] = await Promise.all([
        repos.events.list({ seenIn: teams }),
        repos.rsvps.ofUser(userId),
      ]);
      const mine = new Map(answers.map((a) => [a.eventId, a.status]));
      const calendar = ical({
        name: 'Team Schedule',
        prodId: { company: 'TeamApp', product: 'Schedule', language: 'EN' },
        ttl: 3600,
      });
      // Times are written in UTC (exact everywhere); this tells calendar apps the club's zone.
      calendar.x('X-WR-TIMEZONE', deps.timeZone);
      for (const event of events) {
        calendar.createEvent({
          id: `${event.id}@teamapp`,
          start: event.eventDate,
          end: new Date(event.eventDate.getTime() + EVENT_DURATION_MS),
          stamp: event.updatedAt,
          lastModified: event.updatedAt,
          summary: `${event.title} (${ANSWER_LABELS[mine.get(event.id) ?? 'pending']})`,
          description: event.description || null,
          location: event.location,
        });
      }
      return calendar.toString();
    },
  };
}

export type CalendarUseCases = ReturnType<typeof createCalendarUseCases>;
