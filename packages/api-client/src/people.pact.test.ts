/**
 * Consumer contract for People: invitations, the user list, profile edits, removal,
 * the password change (and the temporary-password sign-in that forces it) and profile pictures.
 * Written to pacts/teamapp-web-teamapp-auth.json beside auth-calls.pact.test.ts's interactions and
 * verified against the real auth service in services/auth/test/pact.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MatchersV3 } from '@pact-foundation/pact';
import { ISO, PACT_DIR, TOKEN, clientFor, failure, webPact } from './pact-kit';

const { regex, eachLike, string, boolean } = MatchersV3;
/** Ids the provider states create their users with. */
const PLAYER_ID = '5a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';
const INVITEE_ID = '6b2c3d4e-5f6a-4b7c-9d8e-1f2a3b4c5d6e';

/**
 * The fields every entry has. phone, position, bio, nickname, profile_picture (and for admins
 * coach_notes and invitation_status) may be null, which Pact cannot say of one field, so the
 * contract names them only where the provider state fixes their value.
 */
const directoryEntry = {
  id: string(PLAYER_ID),
  name: string('Sam Striker'),
  email: string('sam@club.test'),
  role: regex('^(admin|player)$', 'player'),
  is_active: boolean(true),
  created_at: regex(ISO, '2026-01-01T00:00:00.000Z'),
};

/** What only an admin sees is present (as a key) in every entry an admin lists. */
const adminView = directoryEntry;

const samsCard = {
  ...directoryEntry,
  phone: string('555-0100'),
  position: string('Forward'),
  bio: string('Scores'),
  nickname: string('Sniper'),
};

const pact = webPact('teamapp-auth');

/**
 * The mock server writes the multipart example with a random boundary; a fixed one keeps the
 * checked-in pact file unchanged from run to run (the boundary itself is matched by a regex).
 */
const FIXED_BOUNDARY = 'teamapp-boundary';
afterAll(() => {
  const file = path.join(PACT_DIR, 'teamapp-web-teamapp-auth.json');
  const text = readFileSync(file, 'utf8');
  const random = /multipart\/form-data; boundary=([A-Za-z0-9'()+_,./:=?-]+)"/.exec(text)?.[1];
  if (!random || random === FIXED_BOUNDARY) return;
  const pactJson = JSON.parse(text.split(random).join(FIXED_BOUNDARY)) as {
    interactions: { request: { body?: { content?: string; encoded?: string } } }[];
  };
  for (const { request } of pactJson.interactions) {
    const body = request.body;
    if (body?.encoded !== 'base64' || !body.content) continue;
    const raw = Buffer.from(body.content, 'base64');
    body.content = Buffer.from(
      raw.toString('latin1').split(random).join(FIXED_BOUNDARY),
      'latin1',
    ).toString('base64');
  }
  writeFileSync(file, `${JSON.stringify(pactJson, null, 2)}\n`);
});

const json = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };

describe('teamapp-web → teamapp-auth: invitations', () => {
  it('when an admin invites someone, then the account comes back with a pending invitation', async () => {
    const body = {
      email: 'nia@club.test',
      firstName: 'Nia',
      lastName: 'Player',
      role: 'player',
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
          data: {
            ...adminView,
            email: string('nia@club.test'),
            invitation_status: 'pending',
            invitation_expires_at: regex(ISO, '2026-01-08T00:00:00.000Z'),
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).post<{ message: string }>(
          '/email/send-invitation',
          body,
        );
        expect(res.message).toMatch(/Invitation sent successfully/);
      });
  });

  it('when the email already has an account, then 409 with the server text', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in and sam@club.test exists')
      .uponReceiving('an invitation of an existing email')
      .withRequest('POST', '/api/email/send-invitation', (b) =>
        b.headers(json).jsonBody({
          email: 'sam@club.test',
          firstName: 'Sam',
          lastName: 'Again',
          role: 'player',
        }),
      )
      .willRespondWith(409, (b) =>
        b.jsonBody({ success: false, error: 'A user with this email already exists' }),
      )
      .executeTest(async (mock) => {
        const error = await failure(
          clientFor(mock.url).post('/email/send-invitation', {
            email: 'sam@club.test',
            firstName: 'Sam',
            lastName: 'Again',
            role: 'player',
          }),
        );
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
      .withRequest('POST', `/api/user/${INVITEE_ID}/resend-invitation`, (b) =>
        b.headers({ Authorization: `Bearer ${TOKEN}` }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: string('A new invitation with a new temporary password has been sent.'),
          data: { ...adminView, id: string(INVITEE_ID), invitation_status: 'pending' },
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).post<{ data: { invitation_status: string } }>(
          `/user/${INVITEE_ID}/resend-invitation`,
        );
        expect(res.data.invitation_status).toBe('pending');
      });
  });

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
          user: { ...directoryEntry, email: string('nia@club.test'), mustChangePassword: true },
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url, null).auth.login('nia@club.test', 'Xk4mPq7z');
        expect((res.user as { mustChangePassword?: boolean }).mustChangePassword).toBe(true);
      });
  });

  it('when that session calls anything but the password change, then 403 password_change_required', async () => {
    await pact
      .addInteraction()
      .given('an invitee who must change their password is signed in')
      .uponReceiving('a call before the password was changed')
      .withRequest('GET', '/api/user/all', (b) => b.headers({ Authorization: `Bearer ${TOKEN}` }))
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

describe('teamapp-web → teamapp-auth: the user list and profiles', () => {
  it('when an admin lists users, then every field an admin may see comes back', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in and sam@club.test exists')
      .uponReceiving('a request for all users by an admin')
      .withRequest('GET', '/api/user/all', (b) => b.headers({ Authorization: `Bearer ${TOKEN}` }))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: eachLike(adminView) }))
      .executeTest(async (mock) => {
        const users = await clientFor(mock.url).users.all();
        expect(users[0]).toHaveProperty('email');
      });
  });

  it('when a player lists users, then the directory entries come back', async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('a request for all users by a player')
      .withRequest('GET', '/api/user/all', (b) => b.headers({ Authorization: `Bearer ${TOKEN}` }))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: eachLike(directoryEntry) }))
      .executeTest(async (mock) => {
        const users = await clientFor(mock.url).users.all();
        expect(users[0]).toHaveProperty('email');
      });
  });

  it('when a player edits their own phone, bio and nickname, then their card comes back', async () => {
    const body = { phone: '555-0199', bio: 'Left winger', nickname: 'Zippy' };
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('an edit of the own card')
      .withRequest('PUT', '/api/user/profile', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody({ success: true, data: { ...directoryEntry, ...body } }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).put<{ data: { nickname: string } }>(
          '/user/profile',
          body,
        );
        expect(res.data.nickname).toBe('Zippy');
      });
  });

  it('when a player tries to change their own name, then access is denied', async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('an edit of the own name by a player')
      .withRequest('PUT', '/api/user/profile', (b) =>
        b.headers(json).jsonBody({ name: 'New Name' }),
      )
      .willRespondWith(403, (b) =>
        b.jsonBody({ success: false, error: string('Contact an admin') }),
      )
      .executeTest(async (mock) => {
        const error = await failure(clientFor(mock.url).put('/user/profile', { name: 'New Name' }));
        expect(error).toMatchObject({ status: 403 });
      });
  });

  it("when an admin edits a player's card, then the saved card comes back", async () => {
    const body = { name: 'Sam Striker', email: 'sam@club.test', coach_notes: 'Work on headers' };
    await pact
      .addInteraction()
      .given('an admin is signed in and sam@club.test exists')
      .uponReceiving("an admin's edit of a player's card")
      .withRequest('PUT', `/api/user/profile/${PLAYER_ID}`, (b) => b.headers(json).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody({ success: true, data: { ...samsCard, id: PLAYER_ID, ...body } }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).put<{ data: { coach_notes: string } }>(
          `/user/profile/${PLAYER_ID}`,
          body,
        );
        expect(res.data.coach_notes).toBe('Work on headers');
      });
  });

  it('when an admin deletes a player, then success', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in and sam@club.test exists')
      .uponReceiving('the removal of a player')
      .withRequest('DELETE', `/api/user/${PLAYER_ID}`, (b) =>
        b.headers({ Authorization: `Bearer ${TOKEN}` }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ success: true }))
      .executeTest(async (mock) => {
        expect(await clientFor(mock.url).delete(`/user/${PLAYER_ID}`)).toEqual({ success: true });
      });
  });
});

describe('teamapp-web → teamapp-auth: password and picture', () => {
  it('when a player changes their password with the right current one, then the documented message', async () => {
    const body = { currentPassword: 'Sam!Pass123', newPassword: 'Fresh!Pass42' };
    await pact
      .addInteraction()
      .given('the player sam@club.test with password Sam!Pass123 is signed in')
      .uponReceiving('a password change')
      .withRequest('PUT', '/api/user/change-password', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody({ success: true, message: 'Password changed successfully!' }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).put<{ message: string }>(
          '/user/change-password',
          body,
        );
        expect(res.message).toBe('Password changed successfully!');
      });
  });

  it('when the current password is wrong, then 400 with the server text', async () => {
    const body = { currentPassword: 'Wrong!Pass1', newPassword: 'Fresh!Pass42' };
    await pact
      .addInteraction()
      .given('the player sam@club.test with password Sam!Pass123 is signed in')
      .uponReceiving('a password change with a wrong current password')
      .withRequest('PUT', '/api/user/change-password', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(400, (b) =>
        b.jsonBody({ success: false, error: 'Current password is incorrect.' }),
      )
      .executeTest(async (mock) => {
        const error = await failure(clientFor(mock.url).put('/user/change-password', body));
        expect(error).toMatchObject({ status: 400, message: 'Current password is incorrect.' });
      });
  });

  it('when a player uploads a PNG picture, then its public path comes back', async () => {
    // A real 2x2 PNG, as a file on disk for the contract and as the bytes the browser sends.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAE0lEQVQImWP4z8DwnwGM/zMwAAAf7gP9qS/A4gAAAABJRU5ErkJggg==',
      'base64',
    );
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'pact-')), 'me.png');
    writeFileSync(file, png);
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('a profile picture upload')
      .withRequest('POST', '/api/upload/profile-picture', (b) =>
        b
          .headers({ Authorization: `Bearer ${TOKEN}` })
          .multipartBody('image/png', file, 'profilePicture'),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          profilePicture: regex(
            '^/uploads/avatars/[0-9a-f-]{36}-[0-9a-f]{16}-512\\.webp$',
            `/uploads/avatars/${PLAYER_ID}-0123456789abcdef-512.webp`,
          ),
          message: 'Profile picture updated successfully!',
        }),
      )
      .executeTest(async (mock) => {
        const form = new FormData();
        form.append('profilePicture', new Blob([png], { type: 'image/png' }), 'me.png');
        const res = await fetch(`${mock.url}/api/upload/profile-picture`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${TOKEN}` },
          body: form,
        });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { profilePicture: string }).profilePicture).toMatch(
          /-512\.webp$/,
        );
      });
  });

  it('when a player removes their picture, then the documented message', async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('a profile picture removal')
      .withRequest('DELETE', '/api/upload/profile-picture', (b) =>
        b.headers({ Authorization: `Bearer ${TOKEN}` }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ success: true, message: 'Profile picture removed successfully!' }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).delete<{ message: string }>(
          '/upload/profile-picture',
        );
        expect(res.message).toBe('Profile picture removed successfully!');
      });
  });
});
