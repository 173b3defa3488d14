/**
 * Consumer contract: what the shell expects of the content service (the branding read and the
 * notification bell), driven through the shell's own calls (`contentCalls`, on the client).
 * Written to pacts/teamapp-web-teamapp-content.json and verified against the real provider in
 * services/content/test/pact. The admin screen's settings writes have their own contract beside
 * their fetchers (mfe-admin/src/features/settings/api/settings.pact.test.ts).
 */
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@teamapp/contracts';
import { ISO, MatchersV3, bearer, clientFor, json, webPact } from './pact-kit';
import { PUSH_DEVICE } from './pact-states';

const { like, regex, eachLike, string, integer, boolean } = MatchersV3;

const channels = () => ({ inApp: boolean(true), mail: boolean(false), push: boolean(true) });
const preferencesBody = {
  kinds: {
    events: channels(),
    reminders: channels(),
    chat: channels(),
    news: channels(),
    tasks: channels(),
  },
  quietHours: null,
  digest: boolean(false),
};

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

  it('when a player asks for the push key, then the VAPID public key comes back', async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('a request for the push key')
      .withRequest('GET', '/api/notifications/push-key', (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          data: { publicKey: regex('^[A-Za-z0-9_-]{87}$', PUSH_DEVICE.keys.p256dh) },
        }),
      )
      .executeTest(async (mock) => {
        expect(await clientFor(mock.url).push.publicKey()).toHaveLength(87);
      });
  });

  it("when a player turns push on for a device, then the device's endpoint comes back", async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('a push subscription of a device')
      .withRequest('POST', '/api/notifications/push-subscriptions', (b) =>
        b.headers(json).jsonBody(PUSH_DEVICE),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({ success: true, data: { endpoint: string(PUSH_DEVICE.endpoint) } }),
      )
      .executeTest(async (mock) => {
        const saved = await clientFor(mock.url).push.subscribe(PUSH_DEVICE);
        expect(saved.endpoint).toBe(PUSH_DEVICE.endpoint);
      });
  });

  it('when a player turns push off for their device, then it succeeds', async () => {
    await pact
      .addInteraction()
      .given('a player with push on for a device is signed in')
      .uponReceiving('the removal of a push subscription')
      .withRequest('DELETE', '/api/notifications/push-subscriptions', (b) =>
        b.headers(json).jsonBody({ endpoint: PUSH_DEVICE.endpoint }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ success: true }))
      .executeTest(async (mock) => {
        expect(await clientFor(mock.url).push.unsubscribe(PUSH_DEVICE.endpoint)).toEqual({
          success: true,
        });
      });
  });

  it('when a player reads their notification preferences, then every kind has its channels', async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('a request for the notification preferences')
      .withRequest('GET', '/api/notifications/preferences', (b) => b.headers(bearer))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: preferencesBody }))
      .executeTest(async (mock) => {
        const preferences = await clientFor(mock.url).push.preferences();
        expect(Object.keys(preferences.kinds)).toHaveLength(5);
      });
  });

  it('when a player saves their notification preferences, then they come back as saved', async () => {
    const chosen = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    chosen.kinds.news.push = true;
    chosen.quietHours = { start: '22:00', end: '07:00' };
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('new notification preferences')
      .withRequest('PUT', '/api/notifications/preferences', (b) => b.headers(json).jsonBody(chosen))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: chosen }))
      .executeTest(async (mock) => {
        expect(await clientFor(mock.url).push.setPreferences(chosen)).toEqual(chosen);
      });
  });
});
