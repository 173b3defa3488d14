/** Data access for the teams kept from the auth service's team events. */
import type { TeamEvent } from '@teamapp/contracts';
import { applyTeamEvent, type Database } from '@teamapp/service-kit';
import { eq } from 'drizzle-orm';
import { teams, type ChatSchema, type TeamRow } from './schema';

export function createTeamsRepo(db: Database<ChatSchema>) {
  return {
    /** Records a team event unless a newer one is already recorded; true when it was applied. */
    apply: (event: TeamEvent): Promise<boolean> => applyTeamEvent(db, teams, event),
    async find(teamId: string): Promise<TeamRow | undefined> {
      const [row] = await db.select().from(teams).where(eq(teams.teamId, teamId));
      return row;
    },
  };
}

export type TeamsRepo = ReturnType<typeof createTeamsRepo>;
