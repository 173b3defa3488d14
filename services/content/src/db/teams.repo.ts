/** The club's teams as content keeps them from the auth service's team events. */
import type { TeamEvent } from '@teamapp/contracts';
import { applyTeamEvent, type Database } from '@teamapp/service-kit';
import { eq } from 'drizzle-orm';
import { teams, type ContentSchema } from './schema';

export function createTeamsRepo(db: Database<ContentSchema>) {
  return {
    /** Records the event unless a newer one is recorded; true when it was applied. */
    apply: (event: TeamEvent): Promise<boolean> => applyTeamEvent(db, teams, event),
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
