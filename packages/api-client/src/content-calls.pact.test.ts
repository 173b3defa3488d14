/**
 * Consumer contract: what the shell expects of the content service (the branding read and the
 * notification bell), driven through the shell's own calls (`contentCalls`, on the client).
 * Written to pacts/teamapp-web-teamapp-content.json and verified against the real provider in
 * services/content/test/pact. The admin screen's settings writes have their own contract beside
 * their fetchers (mfe-admin/src/features/settings/api/settings.pact.test.ts).
 */
import { ISO, MatchersV3, bearer, clientFor, webPact } from './pact-kit';

const { like, regex, eachLike, string, integer } = MatchersV3;

const pact = webPact('teamapp-content');

describe('teamapp-web → teamapp-content: the shell', () => {
  it('when anyone reads the settings, then the branding is returned', async () => {
    await pact
      .addInteraction()
      .given('the settings are the defaults')
      .uponReceiving('a request for the settings')
      .withRequest('GET', '/api/settings')
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
        const settings = await clientFor(mock.url, null).settings.get();
        expect(settings.headerColor).toMatch(/^#/);
      });
  });

  it('when a player reads the notifications, then the latest come with their fields', async () => {
    await pact
      .addInteraction()
      .given('a player with one unread notification is signed in')
      .uponReceiving('a request for the latest notifications')
      .withRequest('GET', '/api/notifications', (b) => b.query({ limit: '20' }).headers(bearer))
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
        const items = await clientFor(mock.url).notifications.list(20);
        expect(items[0]?.title).toBeTruthy();
      });
  });

  it('when a player asks for the unread count, then a number comes back', async () => {
    await pact
      .addInteraction()
      .given('a player with one unread notification is signed in')
      .uponReceiving('a request for the unread count')
      .withRequest('GET', '/api/notifications/unread-count', (b) => b.headers(bearer))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: { count: integer(1) } }))
      .executeTest(async (mock) => {
        expect(await clientFor(mock.url).notifications.unreadCount()).toBe(1);
      });
  });

  it('when a player marks every notification read, then how many changed comes back', async () => {
    await pact
      .addInteraction()
      .given('a player with one unread notification is signed in')
      .uponReceiving('a mark-all-read of the notifications')
      .withRequest('POST', '/api/notifications/mark-all-read', (b) => b.headers(bearer))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: { updated: integer(1) } }))
      .executeTest(async (mock) => {
        const { updated } = await clientFor(mock.url).notifications.markAllRead();
        expect(updated).toBeGreaterThan(0);
      });
  });
});
