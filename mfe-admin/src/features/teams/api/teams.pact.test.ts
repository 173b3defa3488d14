/**
 * Consumer contract for the /teams page (docs/reference.md "Teams"), driven through the page's
 * own fetchers (`teamsCalls`), so a change to what the page sends or where fails here: the list,
 * a new team and a taken name, an edit and a refused one, archiving, a roster, adding a member,
 * a coach refused a coach's role, and a removal. Written to pacts/teamapp-web-teamapp-auth.json
 * and verified against the real auth service in services/auth/test/pact.
 */
import {
  bearer,
  failure,
  json,
  MatchersV3,
  requestFor,
  STATE_IDS,
  webPact,
} from '@teamapp/api-client/pact-kit';
import {
  TEAM_ARCHIVED,
  TEAM_COACHES_BY_ADMIN,
  TEAM_COLOURS,
  TEAM_CREATED,
  TEAM_MEMBER_REMOVED,
  TEAM_MEMBER_SAVED,
  TEAM_NAME_TAKEN,
  TEAM_UPDATED,
  type TeamInput,
} from '@teamapp/contracts';
import { teamsCalls as teams } from './teams';

const { regex, eachLike, atLeastLike, string, boolean, integer, uuid } = MatchersV3;
/** Ids the provider states create their records with. */
const { team: TEAM_ID, sam: SAM_ID } = STATE_IDS;

const pact = webPact('teamapp-auth');

const COLOUR = `^(${TEAM_COLOURS.join('|')})$`;
const ROLE = '^(coach|player)$';

/** The team the states make: "Under 12s" in the first colour, not public. */
const team = (myRole: 'coach' | 'player') => ({
  id: string(TEAM_ID),
  name: string('Under 12s'),
  colour: regex(COLOUR, TEAM_COLOURS[0]),
  public: boolean(false),
  archived: boolean(false),
  memberCount: integer(1),
  coaches: atLeastLike({ userId: uuid(SAM_ID), name: string('Sam Player') }, 0, 1),
  myRole: regex(ROLE, myRole),
});

/** As a club admin sees it: their role in it is null when they are not in it. */
const teamForAdmin = { ...team('coach'), myRole: null };

const rosterEntry = {
  userId: uuid(SAM_ID),
  name: string('Sam Player'),
  profilePicture: null,
  role: regex(ROLE, 'player'),
};

const newTeam: TeamInput = { name: 'Under 14s', colour: TEAM_COLOURS[1], public: true };

describe('teamapp-web → teamapp-auth: teams', () => {
  it('when a member opens /teams, then the club teams come back with their role in each', async () => {
    await pact
      .addInteraction()
      .given('a team exists and a player in it is signed in')
      .uponReceiving("a list of the club's teams")
      .withRequest('GET', '/api/teams', (b) => b.headers(bearer))
      .willRespondWith(200, (b) => b.jsonBody({ teams: eachLike(team('player')) }))
      .executeTest(async (mock) => {
        const res = await teams.list(requestFor(mock.url));
        expect(res.teams[0]?.myRole).toBe('player');
      });
  });

  it('when a club admin creates a team, then it comes back with the documented text', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('a new team')
      .withRequest('POST', '/api/teams', (b) => b.headers(json).jsonBody(newTeam))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          success: true,
          message: TEAM_CREATED,
          team: {
            ...teamForAdmin,
            id: uuid(TEAM_ID),
            name: 'Under 14s',
            colour: TEAM_COLOURS[1],
            public: true,
            memberCount: integer(0),
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await teams.create(requestFor(mock.url), newTeam);
        expect(res.team.name).toBe('Under 14s');
      });
  });

  it('when the name is taken, then 409 with the documented text', async () => {
    const body: TeamInput = { name: 'under 12s', colour: TEAM_COLOURS[0], public: false };
    await pact
      .addInteraction()
      .given('an admin is signed in and a team exists')
      .uponReceiving('a new team named like an existing one')
      .withRequest('POST', '/api/teams', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(409, (b) => b.jsonBody({ success: false, error: TEAM_NAME_TAKEN }))
      .executeTest(async (mock) => {
        const error = await failure(teams.create(requestFor(mock.url), body));
        expect(error).toMatchObject({ status: 409, message: TEAM_NAME_TAKEN });
      });
  });

  it('when a club admin renames a team, then the team comes back changed', async () => {
    const changes = { name: 'Under 13s', colour: TEAM_COLOURS[2], public: true };
    await pact
      .addInteraction()
      .given('an admin is signed in and a team exists')
      .uponReceiving('a change to a team')
      .withRequest('PUT', `/api/teams/${TEAM_ID}`, (b) => b.headers(json).jsonBody(changes))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: TEAM_UPDATED,
          team: { ...teamForAdmin, ...changes },
        }),
      )
      .executeTest(async (mock) => {
        const res = await teams.update(requestFor(mock.url), TEAM_ID, changes);
        expect(res.team).toMatchObject(changes);
      });
  });

  it('when a player changes a team, then 403', async () => {
    const changes = { name: 'Champions' };
    await pact
      .addInteraction()
      .given('a team exists and a player in it is signed in')
      .uponReceiving('a change to a team by a player')
      .withRequest('PUT', `/api/teams/${TEAM_ID}`, (b) => b.headers(json).jsonBody(changes))
      .willRespondWith(403, (b) =>
        b.jsonBody({ success: false, error: string('Admin access required') }),
      )
      .executeTest(async (mock) => {
        const error = await failure(teams.update(requestFor(mock.url), TEAM_ID, changes));
        expect(error).toMatchObject({ status: 403 });
      });
  });

  it('when a club admin archives a team, then it comes back archived', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in and a team exists')
      .uponReceiving('the archiving of a team')
      .withRequest('DELETE', `/api/teams/${TEAM_ID}`, (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: TEAM_ARCHIVED,
          team: { ...teamForAdmin, archived: true },
        }),
      )
      .executeTest(async (mock) => {
        const res = await teams.archive(requestFor(mock.url), TEAM_ID);
        expect(res.team.archived).toBe(true);
      });
  });
});

describe('teamapp-web → teamapp-auth: rosters', () => {
  it("when a member opens their team's roster, then its members come back with their roles", async () => {
    await pact
      .addInteraction()
      .given('a team exists and a player in it is signed in')
      .uponReceiving("a team's roster")
      .withRequest('GET', `/api/teams/${TEAM_ID}/members`, (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({ team: team('player'), members: eachLike(rosterEntry) }),
      )
      .executeTest(async (mock) => {
        const res = await teams.members(requestFor(mock.url), TEAM_ID);
        expect(res.team.id).toBe(TEAM_ID);
        expect(res.members.length).toBeGreaterThan(0);
      });
  });

  it('when a club admin adds a member to a team, then the roster entry comes back', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in, a team exists and sam@club.test exists')
      .uponReceiving('a club member added to a team')
      .withRequest('PUT', `/api/teams/${TEAM_ID}/members/${SAM_ID}`, (b) =>
        b.headers(json).jsonBody({ role: 'player' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: TEAM_MEMBER_SAVED,
          member: { ...rosterEntry, userId: SAM_ID, role: 'player' },
        }),
      )
      .executeTest(async (mock) => {
        const res = await teams.putMember(requestFor(mock.url), TEAM_ID, SAM_ID, 'player');
        expect(res.member).toMatchObject({ userId: SAM_ID, role: 'player' });
      });
  });

  it('when a coach makes a member a coach, then 403 with the documented text', async () => {
    await pact
      .addInteraction()
      .given('a coach of a team is signed in and sam@club.test is in it')
      .uponReceiving("a coach's role given by a coach")
      .withRequest('PUT', `/api/teams/${TEAM_ID}/members/${SAM_ID}`, (b) =>
        b.headers(json).jsonBody({ role: 'coach' }),
      )
      .willRespondWith(403, (b) => b.jsonBody({ success: false, error: TEAM_COACHES_BY_ADMIN }))
      .executeTest(async (mock) => {
        const error = await failure(
          teams.putMember(requestFor(mock.url), TEAM_ID, SAM_ID, 'coach'),
        );
        expect(error).toMatchObject({ status: 403, message: TEAM_COACHES_BY_ADMIN });
      });
  });

  it('when a club admin removes a member from a team, then the documented text', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in and sam@club.test is in a team')
      .uponReceiving('a member removed from a team')
      .withRequest('DELETE', `/api/teams/${TEAM_ID}/members/${SAM_ID}`, (b) => b.headers(bearer))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, message: TEAM_MEMBER_REMOVED }))
      .executeTest(async (mock) => {
        const res = await teams.removeMember(requestFor(mock.url), TEAM_ID, SAM_ID);
        expect(res.message).toBe(TEAM_MEMBER_REMOVED);
      });
  });
});
