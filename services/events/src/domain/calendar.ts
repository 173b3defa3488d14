/**
 * The private calendar feeds: each member has a secret URL (no Authorization header, so calendar
 * apps can subscribe) that serves the club-wide events and those of the member's teams as
 * iCalendar, with the member's own answer in each summary; each team has one too (reference
 * "Teams"), serving that team's events only, for a parent or a fan who follows the team. Both are
 * served at /api/calendar/{token}.ics and written alike (`writeCalendar`). Regenerating replaces
 * the secret, so the old URL stops working at once.
 */
import { randomBytes } from 'node:crypto';
import { TEAM_COACH_ONLY, TEAM_NOT_FOUND, type AttendeeStatus } from '@teamapp/contracts';
import { notFound, requireCoachOf, requireSeesTeam, type TeamCaller } from '@teamapp/service-kit';
import ical from 'ical-generator';
import type { EventRow } from '../db/schema';
import type { EventsRepos } from '../db/repos';
import type { Caller } from './events';

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

  /** One feed's iCalendar text: its name, its events, and each event's summary. */
  function writeCalendar(
    name: string,
    events: EventRow[],
    summaryOf: (event: EventRow) => string,
  ): string {
    const calendar = ical({
      name,
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
        summary: summaryOf(event),
        description: event.description || null,
        location: event.location,
      });
    }
    return calendar.toString();
  }

  /** Who an entry of the feed is for: the member, or a child of theirs (named). */
  interface Whose {
    name?: string;
    teams: string[];
    answers: Map<string, AttendeeStatus>;
  }

  const whoseOf = async (userId: string, teams: string[], name?: string): Promise<Whose> => ({
    name,
    teams,
    answers: new Map((await repos.rsvps.ofUser(userId)).map((a) => [a.eventId, a.status])),
  });

  /**
   * The member's own feed: club-wide events and their teams', with their answer in each; a
   * guardian's also has their children's teams' events (once each), with each child's answer.
   */
  async function memberFeed(userId: string): Promise<string> {
    const member = await repos.members.find(userId);
    const families = await repos.families.childrenOf(userId);
    const children = await repos.members.activeAmong(families.map((f) => f.userId));
    children.sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
    const teamsOf = (m: { teams: { teamId: string }[] | null } | undefined) =>
      (m?.teams ?? []).map((t) => t.teamId);
    const whose = await Promise.all([
      whoseOf(userId, teamsOf(member)),
      ...children.map((c) => whoseOf(c.userId, teamsOf(c), c.name ?? 'Child')),
    ]);
    const events = await repos.events.list({ seenIn: whose.flatMap((w) => w.teams) });
    return writeCalendar('Team Schedule', events, (event) => {
      const answers = whose
        .filter((w) => event.teamId === null || w.teams.includes(event.teamId))
        .map((w) => {
          const label = ANSWER_LABELS[w.answers.get(event.id) ?? 'pending'];
          return w.name === undefined ? label : `${w.name}: ${label}`;
        });
      return `${event.title} (${answers.join(', ')})`;
    });
  }

  /**
   * A team's feed: that team's events only (not the club-wide ones: whoever follows one team
   * wants its fixtures), each by its title, with nobody's answer.
   */
  async function teamFeed(team: { teamId: string; name: string }): Promise<string> {
    const events = await repos.events.list({ team: team.teamId });
    return writeCalendar(`${team.name} Schedule`, events, (event) => event.title);
  }

  /**
   * The caller, once the team is found: an unknown or archived team, or one the caller is not in
   * (a club admin sees every team), answers 404 as the schedule's `?teamId=` does.
   */
  async function teamCaller(user: Caller, teamId: string): Promise<TeamCaller> {
    const [caller, team] = await Promise.all([
      repos.members.caller(user),
      repos.teams.find(teamId),
    ]);
    if (!team || team.archived) throw notFound(TEAM_NOT_FOUND);
    requireSeesTeam(caller, teamId, TEAM_NOT_FOUND);
    return caller;
  }

  return {
    /** The member's feed URL, made on first use. */
    feedUrl: async (userId: string) => urlOf(await repos.feeds.ensure(userId, newToken())),

    async regenerate(userId: string) {
      const token = newToken();
      await repos.feeds.replace(userId, token);
      return urlOf(token);
    },

    /** The team's feed URL, made on first use; for its members and club admins. */
    async teamFeedUrl(user: Caller, teamId: string) {
      await teamCaller(user, teamId);
      return urlOf(await repos.feeds.ensureForTeam(teamId, newToken()));
    },

    /** A new URL for the team's feed, by its coach or a club admin; the old one stops working. */
    async regenerateTeam(user: Caller, teamId: string) {
      const caller = await teamCaller(user, teamId);
      requireCoachOf(caller, teamId, TEAM_NOT_FOUND, TEAM_COACH_ONLY);
      const token = newToken();
      await repos.feeds.replaceForTeam(teamId, token);
      return urlOf(token);
    },

    /** The feed behind a token (a member's or a team's), or undefined when none is. */
    async render(token: string): Promise<string | undefined> {
      if (!FEED_TOKEN.test(token)) return undefined;
      const userId = await repos.feeds.ownerOf(token);
      if (userId) return memberFeed(userId);
      const team = await repos.feeds.teamOf(token);
      return team ? teamFeed(team) : undefined;
    },
  };
}

export type CalendarUseCases = ReturnType<typeof createCalendarUseCases>;
