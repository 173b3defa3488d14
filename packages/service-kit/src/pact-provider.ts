/**
 * Provider verification of the web consumer's contract against a service's real app: listens on
 * a free port, replays pacts/teamapp-web-<provider>.json, and swaps the contract's placeholder
 * bearer token for the live one that the state handler returned. A state handler may also return
 * values for the contract's provider-state expressions (a path with an id made in the state).
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import type { MemberEvent, Role, TeamEvent, TeamMembership } from '@teamapp/contracts';
import type Koa from 'koa';
import type { TestMember } from './testing';

const PACT_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');

export async function verifyWebContract(options: {
  app: Koa;
  provider: string;
  /**
   * Per provider state: set the state up; return a token when the state signs someone in, or the
   * token with the values its interactions' `fromProviderState` expressions read.
   */
  stateHandlers: Record<
    string,
    () => Promise<string | { token: string; values: Record<string, string> } | void>
  >;
}): Promise<void> {
  const server = options.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  let token = '';
  const stateHandlers = Object.fromEntries(
    Object.entries(options.stateHandlers).map(([state, setUp]) => [
      state,
      async () => {
        const made = await setUp();
        if (typeof made === 'string') token = made;
        else if (made) {
          token = made.token;
          return made.values;
        }
        return undefined;
      },
    ]),
  );
  try {
    const { port } = server.address() as AddressInfo;
    await new Verifier({
      provider: options.provider,
      providerBaseUrl: `http://127.0.0.1:${port}`,
      pactUrls: [path.join(PACT_DIR, `teamapp-web-${options.provider}.json`)],
      logLevel: 'warn',
      stateHandlers,
      requestFilter: (req, _res, next) => {
        if (req.headers.authorization) req.headers.authorization = `Bearer ${token}`;
        next();
      },
    }).verifyProvider();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** A member the states name: who they are as auth's member events tell it. */
interface StateMember {
  userId: string;
  name: string;
  email: string;
}

/**
 * The contract's team as a service that keeps teams learns it: auth's team event and the member
 * events that put members in it, handed to the service's own use cases as its consumers do.
 * Each event is later than the one before (and than the `joined` events a harness sends now).
 */
export function teamStates(deps: {
  teamChanged: (event: TeamEvent) => Promise<unknown>;
  memberChanged: (event: MemberEvent) => Promise<unknown>;
  memberFor: (role: Role, name?: string) => Promise<TestMember>;
  teamId: string;
  team: TeamEvent['team'];
}) {
  let clock = Date.now() + 3_600_000;
  const later = () => new Date((clock += 1000)).toISOString();
  const memberIn = (member: StateMember, teams: TeamMembership[]) =>
    deps.memberChanged({
      userId: member.userId,
      kind: 'updated',
      at: later(),
      member: {
        name: member.name,
        email: member.email,
        role: 'player',
        profilePicture: null,
        teams,
      },
    });
  return {
    /**
     * The team, `player` in it as a player (when given) and a new club player coaching it;
     * returns the coach's token.
     */
    async withCoach(player?: StateMember): Promise<string> {
      await deps.teamChanged({ teamId: deps.teamId, at: later(), team: deps.team });
      if (player) await memberIn(player, [{ teamId: deps.teamId, role: 'player' }]);
      const coach = await deps.memberFor('player', 'Casey Coach');
      await memberIn(coach, [{ teamId: deps.teamId, role: 'coach' }]);
      return coach.token;
    },
  };
}

/** A harness of a service whose own use cases take the team and member events (events, chat). */
interface TeamKeepingHarness {
  service: {
    deps: {
      teams: { teamChanged: (event: TeamEvent) => Promise<unknown> };
      members: { memberChanged: (event: MemberEvent) => Promise<unknown> };
    };
  };
  memberFor: (role: Role, name?: string) => Promise<TestMember>;
}

/** What teamStates needs, from a harness made later (in beforeAll). */
export const keptBy = (harness: () => TeamKeepingHarness) => ({
  teamChanged: (event: TeamEvent) => harness().service.deps.teams.teamChanged(event),
  memberChanged: (event: MemberEvent) => harness().service.deps.members.memberChanged(event),
  memberFor: (role: Role, name?: string) => harness().memberFor(role, name),
});
