/** Teams for the component tests: two teams, the GET /teams answer, and the header's choice. */
import type { Team, TeamRole } from '@teamapp/contracts';
import type { Reply } from '@teamapp/ui/test/dom';

export const U12_ID = 'c1a2b3c4-0000-4000-8000-0000000000a1';
export const U14_ID = 'c1a2b3c4-0000-4000-8000-0000000000a2';

const team = (id: string, name: string, colour: Team['colour']): Team => ({
  id,
  name,
  colour,
  public: true,
  archived: false,
  memberCount: 12,
  coaches: [],
  myRole: null,
});

export const U12 = team(U12_ID, 'Under 12s', '#1864ab');
export const U14 = team(U14_ID, 'Under 14s', '#c92a2a');

/** How an event names its team. */
export const badgeOf = ({ id, name, colour }: Team) => ({ id, name, colour });

/** GET /teams with the member's role in each (absent: not in it). */
export function teamsRoute(roles: { u12?: TeamRole; u14?: TeamRole } = {}, teams = [U12, U14]) {
  const myRole = (t: Team) => (t.id === U12_ID ? roles.u12 : roles.u14) ?? null;
  return {
    'GET /teams': { body: { teams: teams.map((t) => ({ ...t, myRole: myRole(t) })) } },
  } as Record<string, Reply>;
}

/** The header's team choice, as the shell's picker remembers it for the member. */
export function chooseTeam(userId: string, teamId: string) {
  localStorage.setItem(`teamapp.team-choice.${userId}`, teamId);
}
