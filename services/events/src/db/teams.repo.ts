/** Data access for the teams kept from auth's team events. */
import type { TeamEvent } from '@teamapp/contracts';
import { applyTeamEvent, type Database } from '@teamapp/service-kit';
import { eq, inArray } from 'drizzle-orm';
import { teams, type EventsSchema, type TeamRow } from './schema';

export function createTeamsRepo(db: Database<EventsSchema>) {
  return {
    /** Records a team event unless a newer one is already recorded; true when it was applied. */
    apply: (event: TeamEvent): Promise<boolean> => applyTeamEvent(db, teams, event),
    async find(teamId: string): Promise<TeamRow | undefined> {
      const [row] = await db.select().from(teams).where(eq(teams.teamId, teamId)).limit(1);
      return row;
    },
    async all(): Promise<TeamRow[]> {
      return db.select().from(teams);
    },
    async among(teamIds: string[]): Promise<TeamRow[]> {
      if (teamIds.length === 0) return [];
      return db.select().from(teams).where(inArray(teams.teamId, teamIds));
    },
  };
}

export type TeamsRepo = ReturnType<typeof createTeamsRepo>;
