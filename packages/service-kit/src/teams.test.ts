import { randomUUID } from 'node:crypto';
import { AppError } from './errors';
import {
  coachesAnyTeam,
  mayCoachTeam,
  maySeeTeam,
  requireCoachOf,
  teamRoleIn,
  type TeamCaller,
} from './teams';

const red = randomUUID();
const blue = randomUUID();
const admin: TeamCaller = { user: { id: randomUUID(), role: 'admin' }, memberships: [] };
const coachOfRed: TeamCaller = {
  user: { id: randomUUID(), role: 'player' },
  memberships: [
    { teamId: red, role: 'coach' },
    { teamId: blue, role: 'player' },
  ],
};
const playerOfBlue: TeamCaller = {
  user: { id: randomUUID(), role: 'player' },
  memberships: [{ teamId: blue, role: 'player' }],
};

const refusal = (f: () => void) => {
  try {
    f();
    return null;
  } catch (err) {
    return err instanceof AppError ? err.status : 'not an AppError';
  }
};

describe('who may see and run a team', () => {
  it('when a club admin asks, then every team and every club-wide thing is theirs to run', () => {
    expect([maySeeTeam(admin, red), mayCoachTeam(admin, red), mayCoachTeam(admin, null)]).toEqual([
      true,
      true,
      true,
    ]);
    expect(coachesAnyTeam(admin)).toBe(true);
  });

  it('when a coach asks, then they run their team only, see the teams they play in, and run nothing club-wide', () => {
    expect(teamRoleIn(coachOfRed.memberships, red)).toBe('coach');
    expect(mayCoachTeam(coachOfRed, red)).toBe(true);
    expect(mayCoachTeam(coachOfRed, blue)).toBe(false);
    expect(maySeeTeam(coachOfRed, blue)).toBe(true);
    expect(mayCoachTeam(coachOfRed, null)).toBe(false);
    expect(coachesAnyTeam(coachOfRed)).toBe(true);
  });

  it("when a player asks about another team's thing, then it is 404; about their own team's, 403; club-wide, seen", () => {
    expect(maySeeTeam(playerOfBlue, null)).toBe(true);
    expect(refusal(() => requireCoachOf(playerOfBlue, red, 'Event not found'))).toBe(404);
    expect(refusal(() => requireCoachOf(playerOfBlue, blue, 'Event not found'))).toBe(403);
    expect(refusal(() => requireCoachOf(coachOfRed, red, 'Event not found'))).toBeNull();
    expect(coachesAnyTeam(playerOfBlue)).toBe(false);
  });
});
