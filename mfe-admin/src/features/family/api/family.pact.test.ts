/**
 * Consumer contract for families on the admin screens (docs/reference.md "Families"), driven
 * through the screens' own fetchers (`familyCalls`): adding a young player, a child's guardians
 * (list with the no-guardian warning, invite, remove) and giving a child a login. Written to
 * pacts/teamapp-web-teamapp-auth.json and verified against the real auth service in
 * services/auth/test/pact.
 */
import {
  bearer,
  failure,
  ISO,
  json,
  MatchersV3,
  requestFor,
  STATE_IDS,
  webPact,
} from '@teamapp/api-client/pact-kit';
import {
  CHILD_ADDED,
  GUARDIAN_INVITED,
  GUARDIAN_REMOVED,
  LOGIN_GIVEN,
  NO_GUARDIAN_WARNING,
  type ChildInput,
} from '@teamapp/contracts';
import { familyCalls } from './family';

const { regex, string, boolean, eachLike } = MatchersV3;
// The family states' child plays in the team states' team; "with a guardian" links the guardian.
const { team: TEAM_ID, child: CHILD_ID, guardian: GUARDIAN_ID } = STATE_IDS;

/** A child as the auth service answers them: no email, no login, a date of birth. */
const child = (over: Record<string, unknown> = {}) => ({
  id: string(CHILD_ID),
  name: string('Robin Young'),
  email: '',
  role: 'player',
  phone: null,
  position: null,
  bio: null,
  nickname: null,
  profile_picture: null,
  is_active: boolean(true),
  created_at: regex(ISO, '2026-01-01T00:00:00.000Z'),
  has_login: false,
  date_of_birth: regex('^\\d{4}-\\d{2}-\\d{2}$', '2015-03-03'),
  minor: true,
  ...over,
});

const guardian = {
  id: string(GUARDIAN_ID),
  name: string('Pat Young'),
  email: string('pat@family.test'),
  relation: 'Mother',
  invitation_status: regex('^(pending|expired|accepted)$', 'pending'),
};

const pact = webPact('teamapp-auth');

describe('teamapp-web → teamapp-auth: families', () => {
  it("when a team's coach adds a young player to it, then 201 with the player, who has no login", async () => {
    const body: ChildInput = {
      name: 'Robin Young',
      dateOfBirth: '2015-03-03',
      position: 'Winger',
      teamId: TEAM_ID,
    };
    await pact
      .addInteraction()
      .given('a coach of a team is signed in')
      .uponReceiving('a young player added to the coached team')
      .withRequest('POST', '/api/user/children', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          success: true,
          message: CHILD_ADDED,
          data: child({ position: 'Winger', date_of_birth: '2015-03-03' }),
        }),
      )
      .executeTest(async (mock) => {
        const res = await familyCalls.addChild(requestFor(mock.url), body);
        expect(res.data.has_login).toBe(false);
      });
  });

  it('when the date of birth is in the future, then 400 naming dateOfBirth', async () => {
    const body: ChildInput = { name: 'Robin Young', dateOfBirth: '2999-01-01', teamId: TEAM_ID };
    await pact
      .addInteraction()
      .given('a coach of a team is signed in')
      .uponReceiving('a young player born in the future')
      .withRequest('POST', '/api/user/children', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(400, (b) =>
        b.jsonBody({
          success: false,
          error: regex('.*dateOfBirth.*', 'dateOfBirth must not be in the future'),
        }),
      )
      .executeTest(async (mock) => {
        const error = await failure(familyCalls.addChild(requestFor(mock.url), body));
        expect(error).toMatchObject({ status: 400 });
      });
  });

  it("when a child's coach lists their guardians, then each comes with relation and invitation state", async () => {
    await pact
      .addInteraction()
      .given('a child with a guardian exists and their coach is signed in')
      .uponReceiving("a child's guardians")
      .withRequest('GET', `/api/user/${CHILD_ID}/guardians`, (b) => b.headers(bearer))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: eachLike(guardian) }))
      .executeTest(async (mock) => {
        const res = await familyCalls.guardians(requestFor(mock.url), CHILD_ID);
        expect(res.data[0]?.relation).toBe('Mother');
      });
  });

  it('when a child has neither a guardian nor a login, then the list is empty with the warning', async () => {
    await pact
      .addInteraction()
      .given('a child without a guardian exists and an admin is signed in')
      .uponReceiving('the guardians of a child who has none')
      .withRequest('GET', `/api/user/${CHILD_ID}/guardians`, (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({ success: true, data: [], warning: NO_GUARDIAN_WARNING }),
      )
      .executeTest(async (mock) => {
        const res = await familyCalls.guardians(requestFor(mock.url), CHILD_ID);
        expect(res.warning).toBe(NO_GUARDIAN_WARNING);
      });
  });

  it('when a club admin invites a guardian by mail, then 201 with the pending guardian', async () => {
    const body = { email: 'pat@family.test', name: 'Pat Young', relation: 'Mother' };
    await pact
      .addInteraction()
      .given('a child without a guardian exists and an admin is signed in')
      .uponReceiving('an invitation of a guardian')
      .withRequest('POST', `/api/user/${CHILD_ID}/guardians`, (b) => b.headers(json).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          success: true,
          message: GUARDIAN_INVITED,
          data: { ...guardian, email: 'pat@family.test', invitation_status: 'pending' },
        }),
      )
      .executeTest(async (mock) => {
        const res = await familyCalls.addGuardian(requestFor(mock.url), CHILD_ID, body);
        expect(res.data.invitation_status).toBe('pending');
      });
  });

  it('when the address is not one, then 400 naming email', async () => {
    const body = { email: 'not-an-address' };
    await pact
      .addInteraction()
      .given('a child without a guardian exists and an admin is signed in')
      .uponReceiving('an invitation of a guardian with a bad address')
      .withRequest('POST', `/api/user/${CHILD_ID}/guardians`, (b) => b.headers(json).jsonBody(body))
      .willRespondWith(400, (b) =>
        b.jsonBody({ success: false, error: regex('.*[Ee]mail.*', 'email must be a valid email') }),
      )
      .executeTest(async (mock) => {
        const error = await failure(familyCalls.addGuardian(requestFor(mock.url), CHILD_ID, body));
        expect(error).toMatchObject({ status: 400 });
      });
  });

  it('when a club admin removes the last guardian, then the answer warns nobody can answer', async () => {
    await pact
      .addInteraction()
      .given('a child with a guardian exists and an admin is signed in')
      .uponReceiving('a removal of the last guardian')
      .withRequest('DELETE', `/api/user/${CHILD_ID}/guardians/${GUARDIAN_ID}`, (b) =>
        b.headers(bearer),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ success: true, message: GUARDIAN_REMOVED, warning: NO_GUARDIAN_WARNING }),
      )
      .executeTest(async (mock) => {
        const res = await familyCalls.removeGuardian(requestFor(mock.url), CHILD_ID, GUARDIAN_ID);
        expect(res.warning).toBe(NO_GUARDIAN_WARNING);
      });
  });

  it('when a player who is not a coach removes a guardian, then 403', async () => {
    await pact
      .addInteraction()
      .given('a child with a guardian exists and a player is signed in')
      .uponReceiving('a removal of a guardian by a player')
      .withRequest('DELETE', `/api/user/${CHILD_ID}/guardians/${GUARDIAN_ID}`, (b) =>
        b.headers(bearer),
      )
      .willRespondWith(403, (b) => b.jsonBody({ success: false, error: string('Forbidden') }))
      .executeTest(async (mock) => {
        const error = await failure(
          familyCalls.removeGuardian(requestFor(mock.url), CHILD_ID, GUARDIAN_ID),
        );
        expect(error).toMatchObject({ status: 403 });
      });
  });

  it('when a club admin gives a child a login, then the child comes back with it, invitation pending', async () => {
    await pact
      .addInteraction()
      .given('a child with a guardian exists and an admin is signed in')
      .uponReceiving('a login given to a child')
      .withRequest('POST', `/api/user/${CHILD_ID}/login`, (b) =>
        b.headers(json).jsonBody({ email: 'robin@family.test' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: LOGIN_GIVEN,
          data: child({
            email: 'robin@family.test',
            has_login: true,
            invitation_status: 'pending',
            invitation_expires_at: regex(ISO, '2026-01-08T00:00:00.000Z'),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const res = await familyCalls.giveLogin(
          requestFor(mock.url),
          CHILD_ID,
          'robin@family.test',
        );
        expect(res.data.has_login).toBe(true);
      });
  });
});
