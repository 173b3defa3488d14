/**
 * What the public showcase may know about the schedule: upcoming games (title, place, time in the
 * club's zone), the team's record and the top scorers by name (saying who is a young player, for
 * the showcase's rule). Public fields only: no RSVPs, no
 * e-mails, no coach notes. Read over HTTP by the content service, which assembles the page; with
 * a team, that team's games, record and scorers only.
 */
import type { ShowcaseGames } from '@teamapp/contracts';
import { DateTime } from 'luxon';
import type { EventsRepos } from '../db/repos';
import type { ClubTime } from './club-time';
import type { ResultUseCases } from './results';

export const SHOWCASE_FIXTURES = 6;
export const SHOWCASE_PERFORMERS = 5;

export function createShowcaseUseCases(deps: {
  repos: EventsRepos;
  results: ResultUseCases;
  time: ClubTime;
  now: () => Date;
}) {
  const at = (instant: Date) =>
    DateTime.fromJSDate(instant, { zone: deps.time.zone }).setLocale('en-US');
  return {
    async games(teamId?: string): Promise<ShowcaseGames> {
      const [upcoming, stats, members] = await Promise.all([
        deps.repos.events.upcoming(deps.now()),
        deps.results.stats(teamId ? { team: teamId } : {}, teamId),
        deps.repos.members.all(),
      ]);
      const names = new Map(members.map((m) => [m.userId, m.name]));
      // Young players, so the showcase shortens or hides them by who they are, not by name.
      const scorers = stats.members.map((m) => m.userId);
      const families = await deps.repos.families.among(scorers);
      const minors = new Set(families.filter((f) => f.minor).map((f) => f.userId));
      const performers = stats.members
        .filter((m) => m.goals > 0 || m.assists > 0)
        .map((m) => ({
          name: names.get(m.userId) ?? '',
          minor: minors.has(m.userId),
          goals: m.goals,
          assists: m.assists,
        }))
        .filter((m) => m.name !== '')
        .sort((a, b) => b.goals - a.goals || b.assists - a.assists || a.name.localeCompare(b.name))
        .slice(0, SHOWCASE_PERFORMERS);
      return {
        upcoming: upcoming
          .filter((e) => e.type === 'game' && (!teamId || e.teamId === teamId))
          .sort((a, b) => a.eventDate.getTime() - b.eventDate.getTime())
          .slice(0, SHOWCASE_FIXTURES)
          .map((e) => ({
            id: e.id,
            teamId: e.teamId ?? null,
            title: e.title,
            description: e.description,
            location: e.location,
            startsAt: e.eventDate.toISOString(),
            date: at(e.eventDate).toLocaleString({
              weekday: 'short',
              month: 'short',
              day: 'numeric',
              year: 'numeric',
            }),
            time: at(e.eventDate).toLocaleString({ hour: 'numeric', minute: '2-digit' }),
          })),
        team: stats.team,
        performers,
      };
    },
  };
}

export type ShowcaseUseCases = ReturnType<typeof createShowcaseUseCases>;
