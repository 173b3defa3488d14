/**
 * Consumer contract for the shell's own calls on People (auth-calls.ts): the member directory as
 * an admin and as a player sees it, and the temporary-password sign-in with the password change
 * it forces. Written to pacts/teamapp-web-teamapp-auth.json beside the other auth interactions and
 * verified against the real auth service in services/auth/test/pact. (The invitations, profile
 * edits and removal are driven by the remotes' fetchers beside them; the password change and the
 * picture by the shell's account calls.)
 */
import { bearer, clientFor, failure, ISO, MatchersV3, STATE_IDS, webPact } from './pact-kit';

const { regex, arrayContaining, string, boolean } = MatchersV3;
const { sam: PLAYER_ID } = STATE_IDS;
/** The id the provider state creates Sam with. */

/**
 * A member as the provider state makes them: no contact details or picture (each null; Pact
 * cannot say "a text or null" of one field, so each template names what its state fixes).
 */
const newMember = {
  id: string(STATE_IDS.nia),
  name: string('Nia Player'),
  email: string('nia@club.test'),
  role: regex('^(admin|player)$', 'player'),
  phone: null,
  position: null,
  bio: null,
  nickname: null,
  profile_picture: null,
  is_active: boolean(true),
  created_at: regex(ISO, '2026-01-01T00:00:00.000Z'),
};

/** Sam as the provider state makes him, with what only an admin sees (his coach notes). */
const samAsAdminSeesHim = {
  ...newMember,
  id: PLAYER_ID,
  name: 'Sam Striker',
  email: 'sam@club.test',
  phone: '555-0100',
  position: 'Forward',
  bio: 'Scores',
  nickname: 'Sniper',
  coach_notes: 'Work on headers',
};

const pact = webPact('teamapp-auth');

describe('teamapp-web → teamapp-auth: the temporary-password sign-in', () => {
  it('when an invitee signs in with the temporary password, then they must change it', async () => {
    await pact
      .addInteraction()
      .given('an invitation to nia@club.test with temporary password Xk4mPq7z is open')
      .uponReceiving('a login with a temporary password')
      .withRequest('POST', '/api/auth/login', (b) =>
        b
          .headers({ 'Content-Type': 'application/json' })
          .jsonBody({ email: 'nia@club.test', password: 'Xk4mPq7z' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          token: string('eyJhbGciOiJSUzI1NiJ9.e30.sig'),
          user: { ...newMember, email: 'nia@club.test', mustChangePassword: true },
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url, null).auth.login('nia@club.test', 'Xk4mPq7z');
        expect(res.user.mustChangePassword).toBe(true);
      });
  });

  it('when that session calls anything but the password change, then 403 password_change_required', async () => {
    await pact
      .addInteraction()
      .given('an invitee who must change their password is signed in')
      .uponReceiving('a call before the password was changed')
      .withRequest('GET', '/api/user/all', (b) => b.headers(bearer))
      .willRespondWith(403, (b) =>
        b.jsonBody({
          success: false,
          error: string('Please choose a new password before you continue.'),
          code: 'password_change_required',
        }),
      )
      .executeTest(async (mock) => {
        const error = await failure(clientFor(mock.url).users.all());
        expect(error).toMatchObject({ status: 403 });
      });
  });
});

describe('teamapp-web → teamapp-auth: the user list', () => {
  it('when an admin lists users, then every field an admin may see comes back', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in and sam@club.test exists')
      .uponReceiving('a request for all users by an admin')
      .withRequest('GET', '/api/user/all', (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({ success: true, data: arrayContaining(samAsAdminSeesHim) }),
      )
      .executeTest(async (mock) => {
        const users = await clientFor(mock.url).users.all();
        expect(users.find((u) => u.id === PLAYER_ID)?.coach_notes).toBe('Work on headers');
      });
  });

  it('when a player lists users, then the directory entries come back', async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('a request for all users by a player')
      .withRequest('GET', '/api/user/all', (b) => b.headers(bearer))
      // The player the state signs in is among them, as the state made them.
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: arrayContaining(newMember) }))
      .executeTest(async (mock) => {
        const users = await clientFor(mock.url).users.all();
        expect(users[0]).toHaveProperty('email');
      });
  });
});
