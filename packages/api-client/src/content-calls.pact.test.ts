/**
 * Consumer contract: what the shell expects of the content service, written to
 * pacts/ and verified against the real providers in services/content/test/pact.
 */
import path from 'node:path';
import { MatchersV3, PactV4, SpecificationVersion } from '@pact-foundation/pact';
import { isApiError } from './errors';
import { createApiClient } from './client';
import { createRequest, requestData } from './request';

const { like, regex, eachLike, string, integer } = MatchersV3;
const PACT_DIR = path.resolve(__dirname, '..', '..', '..', 'pacts');
const TOKEN = 'token-from-provider-state';
const ISO = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$';

const settingsBody = {
  appTitle: string('TeamApp'),
  headerColor: regex('^#[0-9a-fA-F]{6}$', '#2563eb'),
  logoBackground: string('transparent'),
  updatedAt: regex(ISO, '2026-01-01T00:00:00.000Z'),
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

describe('teamapp-web → teamapp-content', () => {
  const pact = pactWith('teamapp-content');

  it('when anyone reads the settings, then the branding is returned', async () => {
    await pact
      .addInteraction()
      .given('the settings are the defaults')
      .uponReceiving('a request for the settings')
      .withRequest('GET', '/api/settings')
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: settingsBody }))
      .executeTest(async (mock) => {
        const settings = await clientFor(mock.url).settings.get();
        expect(settings.headerColor).toMatch(/^#/);
      });
  });

  it('when an admin saves the settings, then the saved branding is returned', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('an update of the settings')
      .withRequest('PUT', '/api/settings', (b) =>
        b
          .headers({ Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' })
          .jsonBody({
            appTitle: 'Riverside FC',
            headerColor: '#112233',
            logoBackground: 'transparent',
          }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          data: { ...settingsBody, appTitle: 'Riverside FC', headerColor: '#112233' },
        }),
      )
      .executeTest(async (mock) => {
        // The admin remote's fetcher is this call on the session's request function.
        const saved = await requestData<{ appTitle: string }>(
          requestFor(mock.url, TOKEN),
          'PUT',
          '/settings',
          { appTitle: 'Riverside FC', headerColor: '#112233', logoBackground: 'transparent' },
        );
        expect(saved.appTitle).toBe('Riverside FC');
      });
  });

  it('when a player saves the settings, then access is denied', async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('an update of the settings by a player')
      .withRequest('PUT', '/api/settings', (b) =>
        b
          .headers({ Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' })
          .jsonBody({ appTitle: 'Hijacked' }),
      )
      .willRespondWith(403, (b) =>
        b.jsonBody({
          success: false,
          error: string('Access denied. You do not have permission for this action.'),
        }),
      )
      .executeTest(async (mock) => {
        const error = await requestFor(mock.url, TOKEN)('PUT', '/settings', {
          appTitle: 'Hijacked',
        }).catch((e: unknown) => e);
        expect(isApiError(error) && error.status).toBe(403);
      });
  });

  it('when a player reads the notifications, then the latest come with their fields', async () => {
    await pact
      .addInteraction()
      .given('a player with one unread notification is signed in')
      .uponReceiving('a request for the latest notifications')
      .withRequest('GET', '/api/notifications', (b) =>
        b.query({ limit: '20' }).headers({ Authorization: `Bearer ${TOKEN}` }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          data: eachLike({
            id: string('3b0c6b1e-1111-4a4a-9a9a-1234567890ab'),
            title: string('Your password was changed'),
            message: string('Your password was reset.'),
            is_read: like(false),
            created_at: regex(ISO, '2026-01-01T00:00:00.000Z'),
          }),
        }),
      )
      .executeTest(async (mock) => {
        const items = await clientFor(mock.url, TOKEN).notifications.list(20);
        expect(items[0]?.title).toBeTruthy();
      });
  });

  it('when a player asks for the unread count, then a number comes back', async () => {
    await pact
      .addInteraction()
      .given('a player with one unread notification is signed in')
      .uponReceiving('a request for the unread count')
      .withRequest('GET', '/api/notifications/unread-count', (b) =>
        b.headers({ Authorization: `Bearer ${TOKEN}` }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: { count: integer(1) } }))
      .executeTest(async (mock) => {
        expect(await clientFor(mock.url, TOKEN).notifications.unreadCount()).toBe(1);
      });
  });
});
