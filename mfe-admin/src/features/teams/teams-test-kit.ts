/**
 * The club the teams screen tests run against: two teams, a coach (a player by club role) and
 * the fake API's answers for them, as GET /teams and GET /teams/:id/members give them to a
 * given viewer.
 */
import type { Team, TeamRole, TeamRosterEntry, User } from '@teamapp/contracts';
import { TEST_ADMIN, TEST_PLAYER, type Reply } from '@teamapp/ui/test/dom';

/** Riley coaches the Under 12s; by club role a player. */
export const RILEY: User = {
  ...TEST_PLAYER,
  id: '7f0c6b1e-4444-4a4a-9a9a-1234567890ab',
  name: 'Riley Coach',
  email: 'riley@club.test',
};
export const SAM: User = {
  ...TEST_PLAYER,
  id: '7f0c6b1e-5555-4a4a-9a9a-1234567890ab',
  name: 'Sam Striker',
  email: 'sam@club.test',
};
export const CLUB: User[] = [TEST_ADMIN, TEST_PLAYER, RILEY, SAM];

export const U12_ID = '0b7d1f2e-1111-4c3d-8e9f-0a1b2c3d4e5f';
export const U14_ID = '0b7d1f2e-2222-4c3d-8e9f-0a1b2c3d4e5f';

/** Under 12s: Riley coaches, Sam plays. Under 14s: Jordan plays. */
const ROSTERS: Record<string, TeamRosterEntry[]> = {
  [U12_ID]: [
    { userId: RILEY.id, name: RILEY.name, profilePicture: null, role: 'coach' },
    { userId: SAM.id, name: SAM.name, profilePicture: null, role: 'player' },
  ],
  [U14_ID]: [
    { userId: TEST_PLAYER.id, name: TEST_PLAYER.name, profilePicture: null, role: 'player' },
  ],
};

const BASE: Omit<Team, 'myRole' | 'memberCount' | 'coaches'>[] = [
  { id: U12_ID, name: 'Under 12s', colour: '#1864ab', public: true, archived: false },
  { id: U14_ID, name: 'Under 14s', colour: '#2b7a3e', public: false, archived: false },
];

/** The teams as `viewer` sees them (their role in each), `only` narrowing to some of them. */
export function teamsFor(viewer: User, only?: readonly string[]): Team[] {
  return BASE.filter((t) => !only || only.includes(t.id)).map((t) => {
    const roster = ROSTERS[t.id] ?? [];
    const mine = roster.find((m) => m.userId === viewer.id);
    return {
      ...t,
      memberCount: roster.length,
      coaches: roster
        .filter((m) => m.role === 'coach')
        .map((m) => ({ userId: m.userId, name: m.name })),
      myRole: (mine?.role ?? null) as TeamRole | null,
    };
  });
}

/** The fake API's routes for the club as `viewer` sees it. */
export function clubRoutes(viewer: User, only?: readonly string[]): Record<string, Reply> {
  const teams = teamsFor(viewer, only);
  return {
    'GET /teams': { body: { teams } },
    'GET /user/all': { body: { success: true, data: CLUB } },
    ...Object.fromEntries(
      teams.map((team) => [
        `GET /teams/${team.id}/members`,
        { body: { team, members: ROSTERS[team.id] ?? [] } },
      ]),
    ),
  };
}
