/**
 * Consumer contract for the list of signed-in devices on /profile: listing them, signing one out
 * (by the opaque id the list gave; the provider state makes that device), and signing out
 * everywhere else. Written to pacts/teamapp-web-teamapp-auth.json beside the other auth
 * interactions and verified against the real auth service in services/auth/test/pact.
 */
import { MatchersV3 } from '@pact-foundation/pact';
import { ISO, bearer, clientFor, failure, webPact } from './pact-kit';

const { boolean, eachLike, fromProviderState, integer, regex, string } = MatchersV3;
const SESSION_ID = '^[0-9a-f]{32}$';
const EXAMPLE_ID = '0123456789abcdef0123456789abcdef';

const pact = webPact('teamapp-auth');

describe('teamapp-web → teamapp-auth: signed-in devices', () => {
  it('when a member lists their devices, then each comes in words with this one marked', async () => {
    await pact
      .addInteraction()
      .given('the player sam@club.test is signed in on this device and a phone')
      .uponReceiving("a request for the member's signed-in devices")
      .withRequest('GET', '/api/auth/sessions', (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          data: eachLike({
            id: regex(SESSION_ID, EXAMPLE_ID),
            browser: string('Chrome'),
            os: string('macOS'),
            device: string('Computer'),
            createdAt: regex(ISO, '2026-05-01T12:00:00.000Z'),
            lastSeenAt: regex(ISO, '2026-05-01T12:05:00.000Z'),
            location: string('This computer'),
            current: boolean(true),
          }),
          timeZone: string('America/Chicago'),
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).sessions.list();
        expect(res.data[0]?.id).toMatch(/^[0-9a-f]{32}$/);
        expect(typeof res.timeZone).toBe('string');
      });
  });

  it('when a member signs another device out, then the answer says so', async () => {
    await pact
      .addInteraction()
      .given('the player sam@club.test is signed in on this device and a phone')
      .uponReceiving('a request to sign out one of the member’s other devices')
      .withRequest(
        'DELETE',
        fromProviderState(
          '/api/auth/sessions/${phoneSessionId}',
          `/api/auth/sessions/${EXAMPLE_ID}`,
        ),
        (b) => b.headers(bearer),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ success: true, message: string('Signed out of that device.') }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).sessions.end(EXAMPLE_ID);
        expect(res.success).toBe(true);
      });
  });

  it("when the id is not one of the member's sessions, then 404 with the server text", async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('a request to sign out a session that is not the member’s')
      .withRequest('DELETE', `/api/auth/sessions/${EXAMPLE_ID}`, (b) => b.headers(bearer))
      .willRespondWith(404, (b) => b.jsonBody({ success: false, error: 'Session not found' }))
      .executeTest(async (mock) => {
        const error = await failure(clientFor(mock.url).sessions.end(EXAMPLE_ID));
        expect(error).toMatchObject({ status: 404, message: 'Session not found' });
      });
  });

  it('when a member signs out everywhere else, then the count of devices ended comes back', async () => {
    await pact
      .addInteraction()
      .given('the player sam@club.test is signed in on this device and a phone')
      .uponReceiving('a request to sign out everywhere else')
      .withRequest('POST', '/api/auth/sessions/revoke-others', (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: string('Signed out of 1 other device.'),
          data: { ended: integer(1) },
        }),
      )
      .executeTest(async (mock) => {
        const res = await clientFor(mock.url).sessions.endOthers();
        expect(res.data.ended).toBeGreaterThanOrEqual(0);
      });
  });

  it('when no one is signed in, then the list is refused with 401', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a request for the signed-in devices without a token')
      .withRequest('GET', '/api/auth/sessions')
      .willRespondWith(401, (b) =>
        b.jsonBody({
          success: false,
          error: string('Authentication required. Please log in again.'),
        }),
      )
      .executeTest(async (mock) => {
        const error = await failure(clientFor(mock.url, null).sessions.list());
        expect(error).toMatchObject({ status: 401 });
      });
  });
});
