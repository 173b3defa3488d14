/**
 * Consumer contract for User Management (reference §5 Invite, Confirmations; §7 email, user),
 * driven through the page's own fetchers, so a change to what the page sends or where fails here:
 * the invitation (a club admin's, and a coach's into their team), a resend, and a removal.
 * Written to pacts/teamapp-web-teamapp-auth.json and verified against the real auth service in
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
import { deleteUser } from './delete-user';
import { resendInvitation } from './resend-invitation';
import { sendInvitation } from './send-invitation';

const { regex, string, boolean } = MatchersV3;
const { sam: PLAYER_ID, nia: INVITEE_ID, team: TEAM_ID } = STATE_IDS;
/** Ids the provider states create their users with. */

/** Nia as an invitation makes her: no contact details, picture or notes yet, still pending. */
const invitee = {
  id: string(INVITEE_ID),
  name: string('Nia Player'),
  email: 'nia@club.test',
  role: 'player',
  phone: null,
  position: null,
  bio: null,
  nickname: null,
  profile_picture: null,
  is_active: boolean(true),
  created_at: regex(ISO, '2026-01-01T00:00:00.000Z'),
  invitation_status: 'pending',
  invitation_expires_at: regex(ISO, '2026-01-08T00:00:00.000Z'),
};

const pact = webPact('teamapp-auth');

describe('teamapp-web → teamapp-auth: invitations', () => {
  it('when an admin invites someone, then the account comes back with a pending invitation', async () => {
    const body = {
      email: 'nia@club.test',
      firstName: 'Nia',
      lastName: 'Player',
      role: 'player' as const,
      tempPassword: 'Xk4mPq7z',
      teamName: 'TeamApp',
    };
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('an invitation of a new player')
      .withRequest('POST', '/api/email/send-invitation', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          success: true,
          message:
            'Invitation sent successfully! The user will receive login credentials via email.',
          data: invitee,
        }),
      )
      .executeTest(async (mock) => {
        const user = await sendInvitation(requestFor(mock.url), body);
        expect(user.invitation_status).toBe('pending');
      });
  });

  it("when a coach invites someone from their team's roster, then the account comes back pending", async () => {
    const body = {
      email: 'nia@club.test',
      firstName: 'Nia',
      lastName: 'Player',
      role: 'player' as const,
      tempPassword: 'Xk4mPq7z',
      teamName: 'TeamApp',
      teamId: TEAM_ID,
    };
    await pact
      .addInteraction()
      .given('a coach of a team is signed in')
      .uponReceiving('an invitation of a new player into the coached team')
      .withRequest('POST', '/api/email/send-invitation', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          success: true,
          message: string(
            'Invitation sent successfully! The user will receive login credentials via email.',
          ),
          data: invitee,
        }),
      )
      .executeTest(async (mock) => {
        const user = await sendInvitation(requestFor(mock.url), body);
        expect(user.invitation_status).toBe('pending');
      });
  });

  it('when the email already has an account, then 409 with the server text', async () => {
    const body = {
      email: 'sam@club.test',
      firstName: 'Sam',
      lastName: 'Again',
      role: 'player' as const,
    };
    await pact
      .addInteraction()
      .given('an admin is signed in and sam@club.test exists')
      .uponReceiving('an invitation of an existing email')
      .withRequest('POST', '/api/email/send-invitation', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(409, (b) =>
        b.jsonBody({ success: false, error: 'A user with this email already exists' }),
      )
      .executeTest(async (mock) => {
        const error = await failure(sendInvitation(requestFor(mock.url), body));
        expect(error).toMatchObject({
          status: 409,
          message: 'A user with this email already exists',
        });
      });
  });

  it('when an admin resends an invitation, then a fresh one is pending', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in and an invitation to nia@club.test is open')
      .uponReceiving('a resend of an invitation')
      .withRequest('POST', `/api/user/${INVITEE_ID}/resend-invitation`, (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: string('A new invitation with a new temporary password has been sent.'),
          data: invitee,
        }),
      )
      .executeTest(async (mock) => {
        const user = await resendInvitation(requestFor(mock.url), INVITEE_ID);
        expect(user.invitation_status).toBe('pending');
      });
  });
});

describe('teamapp-web → teamapp-auth: removal', () => {
  it('when an admin deletes a player, then success', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in and sam@club.test exists')
      .uponReceiving('the removal of a player')
      .withRequest('DELETE', `/api/user/${PLAYER_ID}`, (b) => b.headers(bearer))
      .willRespondWith(200, (b) => b.jsonBody({ success: true }))
      .executeTest(async (mock) => {
        expect(await deleteUser(requestFor(mock.url), PLAYER_ID)).toEqual({ success: true });
      });
  });
});
