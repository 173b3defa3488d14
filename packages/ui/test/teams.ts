/**
 * Teams for component tests: a team as GET /teams answers it, the fake API's reply listing
 * teams, and the header's choice stored the way the picker stores it (team-choice.tsx).
 */
import type { Team, TeamRole } from '@teamapp/contracts';

/** A team with the caller's role in it (null: not in it). */
export function fakeTeam(
  id: string,
  name: string,
  myRole: TeamRole | null,
  over: Partial<Team> = {},
): Team {
  return {
    id,
    name,
    colour: '#2b7a3e',
    public: false,
    archived: false,
    memberCount: 3,
    coaches: [],
    myRole,
    ...over,
  };
}

/** The fake API's route answering GET /teams with `teams`. */
export const teamsRoute = (teams: Team[]) => ({ 'GET /teams': { body: { teams } } });

/** The header's choice of `teamId` for `userId`, as the picker remembers it on the device. */
export function chooseTeam(userId: string, teamId: string) {
  localStorage.setItem(`teamapp.team-choice.${userId}`, teamId);
}
