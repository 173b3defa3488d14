/**
 * Consumer contract for the member's private calendar feed and each team's (reference §7
 * calendar, "Teams"), driven
 * through the schedule's own fetchers (`calendarCalls`), so a change to what it sends or where
 * fails here. Written to pacts/teamapp-web-teamapp-events.json and verified against the real
 * events service in services/events/test/pact.
 */
import { MatchersV3, STATE_IDS, bearer, requestFor, webPact } from '@teamapp/api-client/pact-kit';
import { calendarCalls as calendar } from './events-api';

const { regex } = MatchersV3;

const pact = webPact('teamapp-events');

describe('teamapp-web → teamapp-events: the calendar feed', () => {
  const url = regex(
    '^https?://.+/api/calendar/[A-Za-z0-9_-]{32}\\.ics$',
    'http://localhost:8080/api/calendar/abcdefghijklmnopqrstuvwxyz012345.ics',
  );

  it('when a member asks for their feed, then its URL', async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('the calendar feed URL')
      .withRequest('GET', '/api/calendar/feed', (b) => b.headers(bearer))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: { url } }))
      .executeTest(async (mock) => {
        const res = await calendar.feed(requestFor(mock.url));
        expect(res.data.url).toMatch(/\.ics$/);
      });
  });

  it('when a member regenerates their feed, then a new URL', async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('a regenerated calendar feed URL')
      .withRequest('POST', '/api/calendar/feed/regenerate', (b) => b.headers(bearer))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: { url } }))
      .executeTest(async (mock) => {
        const res = await calendar.regenerate(requestFor(mock.url));
        expect(res.data.url).toMatch(/\.ics$/);
      });
  });

  it("when a team's player asks for the team's feed, then its URL", async () => {
    await pact
      .addInteraction()
      .given('a team exists and a player in it is signed in')
      .uponReceiving("a team's calendar feed URL")
      .withRequest('GET', `/api/calendar/teams/${STATE_IDS.team}/feed`, (b) => b.headers(bearer))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: { url } }))
      .executeTest(async (mock) => {
        const res = await calendar.teamFeed(requestFor(mock.url), STATE_IDS.team);
        expect(res.data.url).toMatch(/\.ics$/);
      });
  });

  it("when the team's coach regenerates the team's feed, then a new URL", async () => {
    await pact
      .addInteraction()
      .given('a team exists and its coach is signed in')
      .uponReceiving("a regenerated team's calendar feed URL")
      .withRequest('POST', `/api/calendar/teams/${STATE_IDS.team}/feed/regenerate`, (b) =>
        b.headers(bearer),
      )
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: { url } }))
      .executeTest(async (mock) => {
        const res = await calendar.regenerateTeam(requestFor(mock.url), STATE_IDS.team);
        expect(res.data.url).toMatch(/\.ics$/);
      });
  });
});
