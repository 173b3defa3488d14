/**
 * Consumer contract for the settings screen's branding writes (reference §7 PUT /settings and
 * POST /settings/reset) and its queues-board ticket (POST /settings/queues-ticket),
 * driven through the screen's own fetchers (`settingsCalls`, `requestQueuesTicket`), so a change to what it sends or
 * where fails here. Written to pacts/teamapp-web-teamapp-content.json and verified against the
 * real content service in services/content/test/pact.
 */
import {
  ISO,
  MatchersV3,
  bearer,
  failure,
  json,
  requestFor,
  webPact,
} from '@teamapp/api-client/pact-kit';
import type { UpdateSettingsInput } from '@teamapp/contracts';
import { requestQueuesTicket } from './queues-ticket';
import { settingsCalls } from './settings-mutations';

const { regex, string } = MatchersV3;

const pact = webPact('teamapp-content');

const branding: UpdateSettingsInput = {
  appTitle: 'Riverside FC',
  headerColor: '#112233',
  logoBackground: 'transparent',
};

describe('teamapp-web → teamapp-content: the settings screen', () => {
  it('when an admin saves the settings, then the saved branding is returned', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('an update of the settings')
      .withRequest('PUT', '/api/settings', (b) => b.headers(json).jsonBody(branding))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          data: { ...branding, logoUrl: null, updatedAt: regex(ISO, '2026-01-01T00:00:00.000Z') },
        }),
      )
      .executeTest(async (mock) => {
        const saved = await settingsCalls.update(requestFor(mock.url), branding);
        expect(saved.appTitle).toBe('Riverside FC');
      });
  });

  it('when a player saves the settings, then access is denied', async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('an update of the settings by a player')
      .withRequest('PUT', '/api/settings', (b) =>
        b.headers(json).jsonBody({ appTitle: 'Hijacked' }),
      )
      .willRespondWith(403, (b) =>
        b.jsonBody({
          success: false,
          error: string('Access denied. You do not have permission for this action.'),
        }),
      )
      .executeTest(async (mock) => {
        const error = await failure(
          settingsCalls.update(requestFor(mock.url), { appTitle: 'Hijacked' }),
        );
        expect(error).toMatchObject({ status: 403 });
      });
  });

  it('when an admin resets the settings, then the default branding is returned', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('a reset of the settings')
      .withRequest('POST', '/api/settings/reset', (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          data: {
            appTitle: string('TeamApp'),
            headerColor: regex('^#[0-9a-fA-F]{6}$', '#2563eb'),
            logoBackground: string('transparent'),
            logoUrl: null,
            updatedAt: regex(ISO, '2026-01-01T00:00:00.000Z'),
          },
        }),
      )
      .executeTest(async (mock) => {
        const settings = await settingsCalls.reset(requestFor(mock.url));
        expect(settings.logoUrl).toBeNull();
      });
  });

  it('when an admin opens the queues board, then its address with a ticket comes back', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('a request for a queues board ticket')
      .withRequest('POST', '/api/settings/queues-ticket', (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          data: {
            url: regex('^/admin/queues/session\\?ticket=.+$', '/admin/queues/session?ticket=t1'),
          },
        }),
      )
      .executeTest(async (mock) => {
        const { url } = await requestQueuesTicket(requestFor(mock.url));
        expect(url).toMatch(/^\/admin\/queues\/session\?ticket=/);
      });
  });
});
