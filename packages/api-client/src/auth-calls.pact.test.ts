/**
 * Consumer contract: what the shell expects of the auth service, written to
 * pacts/ and verified against the real providers in services/auth/test/pact.
 */
import path from 'node:path';
import { MatchersV3, PactV4, SpecificationVersion } from '@pact-foundation/pact';
import { ApiError } from './errors';
import { createApiClient } from './client';
import { createRequest } from './request';

const { like, regex, eachLike, string } = MatchersV3;
const PACT_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');
const TOKEN = 'token-from-provider-state';
const ISO = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$';

const userBody = {
  id: string('7f0c6b1e-1111-4a4a-9a9a-1234567890ab'),
  name: string('Club Admin'),
  email: string('coach@club.test'),
  role: regex('^(admin|player)$', 'admin'),
  is_active: like(true),
  created_at: regex(ISO, '2026-01-01T00:00:00.000Z'),
};

function pactWith(provider: string) {
  return new PactV4({
    consumer: 'teamapp-web',
    provider,
    dir: PACT_DIR,
    spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
    logLevel: 'warn',
  });
}

const requestFor = (url: string, token: string | null = null) =>
  createRequest({ baseUrl: `${url}/api`, getToken: () => token });
const clientFor = (url: string, token: string | null = null) =>
  createApiClient(requestFor(url, token));

describe('teamapp-web → teamapp-auth', () => {
  const pact = pactWith('teamapp-auth');

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
          user: userBody,
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).auth.login('coach@club.test', 'Coach!Pass1');
        expect(res.token).toBeTruthy();
        expect(res.user.role).toBe('admin');
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
        const error = await clientFor(mock.url)
          .auth.login('coach@club.test', 'Wrong!Pass1')
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(401);
        expect((error as ApiError).message).toBe('Invalid email or password');
      });
  });

  it('when a signed-in user asks for the team, then it gets id, name and email', async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('a request for the team list')
      .withRequest('GET', '/api/user/team', (b) => b.headers({ Authorization: `Bearer ${TOKEN}` }))
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
        const team = await clientFor(mock.url, TOKEN).users.team();
        expect(team[0]).toHaveProperty('email');
      });
  });
});

describe('teamapp-web → teamapp-auth: password reset', () => {
  const pact = pactWith('teamapp-auth');

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
        const res = await clientFor(mock.url).passwordReset.request(' Sam@Club.test ');
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
        const error = await clientFor(mock.url)
          .passwordReset.verify('not-a-real-token')
          .catch((e: unknown) => e);
        expect((error as ApiError).status).toBe(400);
      });
  });
});
