/**
 * Consumer contract: what the shell's own auth calls (auth-calls.ts) expect of the auth service:
 * sign-in, the team list and the password reset. Written to pacts/teamapp-web-teamapp-auth.json
 * and verified against the real auth service in services/auth/test/pact.
 */
import { ISO, MatchersV3, bearer, clientFor, failure, webPact } from './pact-kit';
import { STATE_IDS } from './pact-states';

const { regex, eachLike, string, boolean } = MatchersV3;

/** A member's card with no contact details or picture yet, as the provider states make them. */
const bareCard = (id: string, name: string, email: string, role: 'admin' | 'player') => ({
  id: string(id),
  name: string(name),
  email: string(email),
  role: regex('^(admin|player)$', role),
  phone: null,
  position: null,
  bio: null,
  nickname: null,
  profile_picture: null,
  is_active: boolean(true),
  created_at: regex(ISO, '2026-01-01T00:00:00.000Z'),
});

/** The admin the provider state seeds, with its own password. */
const seededAdmin = {
  ...bareCard('7f0c6b1e-1111-4a4a-9a9a-1234567890ab', 'Club Admin', 'coach@club.test', 'admin'),
  mustChangePassword: boolean(false),
};

const pact = webPact('teamapp-auth');

describe('teamapp-web → teamapp-auth', () => {
  it('when the credentials are right, then login returns a token and the user', async () => {
    await pact
      .addInteraction()
      .given('an admin coach@club.test with password Coach!Pass1 exists')
      .uponReceiving('a login with the right credentials')
      .withRequest('POST', '/api/auth/login', (b) =>
        b.headers({ 'Content-Type': 'application/json' }).jsonBody({
          email: 'coach@club.test',
          password: 'Coach!Pass1',
        }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          token: string('eyJhbGciOiJSUzI1NiJ9.e30.sig'),
          user: seededAdmin,
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url, null).auth.login('coach@club.test', 'Coach!Pass1');
        expect(res.token).toBeTruthy();
        expect(res.user.role).toBe('admin');
      });
  });

  it('when a guardian reads their session again, then it names the child in their care', async () => {
    await pact
      .addInteraction()
      .given('a child with a guardian exists and the guardian is signed in')
      .uponReceiving("a request for the signed-in member's session")
      .withRequest('GET', '/api/auth/me', (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          user: {
            ...bareCard(STATE_IDS.guardian, 'Pat Young', 'pat@family.test', 'player'),
            id: STATE_IDS.guardian,
            mustChangePassword: boolean(true),
            children: [STATE_IDS.child],
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).auth.me();
        expect(res.user.children).toEqual([STATE_IDS.child]);
      });
  });

  it('when the password is wrong, then login fails with the server text', async () => {
    await pact
      .addInteraction()
      .given('an admin coach@club.test with password Coach!Pass1 exists')
      .uponReceiving('a login with a wrong password')
      .withRequest('POST', '/api/auth/login', (b) =>
        b.headers({ 'Content-Type': 'application/json' }).jsonBody({
          email: 'coach@club.test',
          password: 'Wrong!Pass1',
        }),
      )
      .willRespondWith(401, (b) =>
        b.jsonBody({ success: false, error: 'Invalid email or password' }),
      )
      .executeTest(async (mock) => {
        const error = await failure(
          clientFor(mock.url, null).auth.login('coach@club.test', 'Wrong!Pass1'),
        );
        expect(error).toMatchObject({ status: 401, message: 'Invalid email or password' });
      });
  });

  it('when a signed-in user asks for the team, then it gets id, name and email', async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('a request for the team list')
      .withRequest('GET', '/api/user/team', (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          data: eachLike({
            id: string('7f0c6b1e-1111-4a4a-9a9a-1234567890ab'),
            name: string('Sam'),
            email: string('sam@club.test'),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const team = await clientFor(mock.url).users.team();
        expect(team[0]).toHaveProperty('email');
      });
  });
});

describe('teamapp-web → teamapp-auth: password reset', () => {
  it('when a reset is requested, then the same confirmation comes back', async () => {
    await pact
      .addInteraction()
      .given('an account sam@club.test exists')
      .uponReceiving('a password reset request')
      .withRequest('POST', '/api/password-reset/request', (b) =>
        b.headers({ 'Content-Type': 'application/json' }).jsonBody({ email: 'sam@club.test' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: 'Password reset instructions have been sent to your email address.',
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url, null).passwordReset.request(' Sam@Club.test ');
        expect(res.message).toMatch(/sent to your email/);
      });
  });

  it('when an unknown token is verified, then 400 with the documented text', async () => {
    await pact
      .addInteraction()
      .uponReceiving('verification of an unknown reset token')
      .withRequest('POST', '/api/password-reset/verify', (b) =>
        b.headers({ 'Content-Type': 'application/json' }).jsonBody({ token: 'not-a-real-token' }),
      )
      .willRespondWith(400, (b) =>
        b.jsonBody({
          success: false,
          error: 'Invalid or expired reset token. Please request a new password reset.',
        }),
      )
      .executeTest(async (mock) => {
        const error = await failure(
          clientFor(mock.url, null).passwordReset.verify('not-a-real-token'),
        );
        expect(error).toMatchObject({ status: 400 });
      });
  });
});
