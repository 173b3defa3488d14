/**
 * Consumer contract for the signed-in member's own account (reference §5 Password change,
 * profile picture; §7 user, upload), driven through the shell's account calls (account-api.ts).
 * Written to pacts/teamapp-web-teamapp-auth.json and verified against the real auth service in
 * services/auth/test/pact.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  bearer,
  failure,
  json,
  MatchersV3,
  PACT_DIR,
  requestFor,
  STATE_IDS,
  webPact,
} from '@teamapp/api-client/pact-kit';
import { changePassword, removePicture, uploadPicture } from './account-api';

const { regex } = MatchersV3;
const { sam: PLAYER_ID } = STATE_IDS;
/** The id in the example picture path. */

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
        const res = await changePassword(requestFor(mock.url), body);
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
        const error = await failure(changePassword(requestFor(mock.url), body));
        expect(error).toMatchObject({ status: 400, message: 'Current password is incorrect.' });
      });
  });

  it('when a player uploads a PNG picture, then its public path comes back', async () => {
    // A real 2x2 PNG, as a file on disk for the contract and as the file the browser sends.
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
        b.headers(bearer).multipartBody('image/png', file, 'profilePicture'),
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
        const res = await uploadPicture(
          requestFor(mock.url),
          new File([png], 'me.png', { type: 'image/png' }),
        );
        expect(res.profilePicture).toMatch(/-512\.webp$/);
      });
  });

  it('when a player removes their picture, then the documented message', async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('a profile picture removal')
      .withRequest('DELETE', '/api/upload/profile-picture', (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          profilePicture: null,
          message: 'Profile picture removed successfully!',
        }),
      )
      .executeTest(async (mock) => {
        const res = await removePicture(requestFor(mock.url));
        expect(res.message).toBe('Profile picture removed successfully!');
      });
  });
});
