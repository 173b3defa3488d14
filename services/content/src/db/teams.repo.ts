/** The club's teams as content keeps them from the auth service's team events. */
import type { TeamEvent } from '@teamapp/contracts';
import { applyTeamEvent, type Database } from '@teamapp/service-kit';
import { asc, eq, inArray } from 'drizzle-orm';
import { teams, type ContentSchema } from './schema';

export function createTeamsRepo(db: Database<ContentSchema>) {
  return {
    /** Records the event unless a newer one is recorded; true when it was applied. */
    apply: (event: TeamEvent): Promise<boolean> => applyTeamEvent(db, teams, event),
    /** The teams not archived, by name: what the showcase shows (its public ones). */
    async active(): Promise<{ id: string; name: string; colour: string; public: boolean }[]> {
      return db
        .select({ id: teams.teamId, name: teams.name, colour: teams.colour, public: teams.public })
        .from(teams)
        .where(eq(teams.archived, false))
        .orderBy(asc(teams.name), asc(teams.teamId));
    },
    /** The ids among `ids` that name no team the club has (archived teams are known). */
    async unknown(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: teams.teamId })
        .from(teams)
        .where(inArray(teams.teamId, [...ids]));
      const known = new Set(rows.map((r) => r.id));
      return ids.filter((id) => !known.has(id));
    },
    /** True when the team exists and is not archived: a team that may take posts. */
    async isActive(teamId: string): Promise<boolean> {
      const [row] = await db
        .select({ archived: teams.archived })
        .from(teams)
        .where(eq(teams.teamId, teamId))
        .limit(1);
      return row !== undefined && !row.archived;
    },
  };
}

export type TeamsRepo = ReturnType<typeof createTeamsRepo>;
