/**
 * Consumer contract for the public showcase (reference §7 GET /api/showcase without a token, the
 * PUT /api/showcase for admins). Written to pacts/teamapp-web-teamapp-content.json and verified
 * against the real content service (with the real events service behind it) in
 * services/content/test/pact.
 */
import { MatchersV3 } from '@pact-foundation/pact';
import { SHOWCASE_FORBIDDEN } from '@teamapp/contracts';
import { ApiError } from './errors';
import { ISO, TOKEN, failure, webPact } from './pact-kit';
import { createRequest } from './request';

const { like, eachLike, string, boolean, integer, regex } = MatchersV3;

const pact = webPact('teamapp-content');

const requestFor = (url: string, token: string | null) =>
  createRequest({ baseUrl: `${url}/api`, getToken: () => token });
const json = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };

const modalAction = {
  type: regex('^modal$', 'modal'),
  title: string('About the club'),
  content: string('<p>Founded in 1921.</p>'),
  image: string(''),
  url: string(''),
};
const linkAction = {
  type: regex('^link$', 'link'),
  title: string(''),
  content: string(''),
  image: string(''),
  url: regex('^(https?|mailto):.+', 'https://tickets.example/club'),
};

const showcaseData = {
  hero: {
    title: string('TeamApp'),
    subtitle: string('Community football since 1921'),
    stats: eachLike({ value: string('12'), label: string('Players') }),
  },
  navigation: {
    tickets: { enabled: boolean(true), action: like(linkAction) },
    shop: { enabled: boolean(false), action: null },
  },
  featured: {
    main: like({
      title: string('Season tickets'),
      subtitle: string(''),
      category: string('Club'),
      image: string(''),
      action: like(modalAction),
    }),
    side: [],
  },
  teamStats: {
    mens: {
      title: string("Men's Team"),
      record: regex('^\\d+-\\d+-\\d+$', '1-0-0'),
      position: string('3rd'),
      goalDifference: regex('^[+-]?\\d+$', '+2'),
    },
  },
  news: [],
  fixtures: eachLike({
    id: string('b3a1f0c2-0000-4000-8000-000000000001'),
    date: string('Sat, Jun 6, 2026'),
    opponent: string('Harbour Town'),
    location: string('Riverside Park'),
    competition: string('Match'),
    time: regex('^\\d{1,2}:\\d{2} (AM|PM)$', '3:00 PM'),
    startsAt: regex(ISO, '2026-06-06T20:00:00.000Z'),
    tickets: { available: boolean(true), url: string('https://tickets.example/club') },
    action: like(linkAction),
  }),
  players: eachLike({
    name: string('Sam Striker'),
    position: string(''),
    image: string(''),
    goals: integer(2),
    assists: integer(1),
    action: null,
  }),
  videos: { featured: null, sidebar: [] },
  partners: eachLike({ name: string('Harbour Bank'), logo: string(''), action: null }),
  joinEmail: string('join@club.example'),
  leaguePosition: string('3rd'),
  live: boolean(true),
};

const edited = {
  subtitle: 'Community football since 1921',
  featured: {
    main: {
      title: 'Season tickets',
      category: 'Club',
      action: { type: 'modal', title: 'About the club', content: '<p>Founded in 1921.</p>' },
    },
    side: [],
  },
  videos: { featured: null, sidebar: [] },
  partners: [{ name: 'Harbour Bank' }],
  navigation: {
    tickets: { enabled: true, action: { type: 'link', url: 'https://tickets.example/club' } },
    shop: { enabled: false, action: null },
  },
  leaguePosition: '3rd',
  joinEmail: 'join@club.example',
};

interface Showcase {
  hero: { title: string };
  fixtures: { opponent: string }[];
  players: { name: string }[];
}

describe('teamapp-web → teamapp-content: the public showcase', () => {
  it('when a signed-out visitor opens /, then the showcase comes back without a token', async () => {
    await pact
      .addInteraction()
      .given('the showcase is edited and the club has an upcoming game and a recorded result')
      .uponReceiving('a request for the showcase without a token')
      .withRequest('GET', '/api/showcase')
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: showcaseData }))
      .executeTest(async (mock) => {
        const res = await requestFor(mock.url, null)<{ data: Showcase }>('GET', '/showcase');
        expect(res.data.hero.title).toBe('TeamApp');
        expect(res.data.fixtures[0]?.opponent).toBe('Harbour Town');
        expect(res.data.players[0]?.name).toBe('Sam Striker');
      });
  });

  it('when an admin saves the edited parts, then the merged showcase comes back', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in and the club has an upcoming game and a recorded result')
      .uponReceiving('an update of the showcase')
      .withRequest('PUT', '/api/showcase', (b) => b.headers(json).jsonBody(edited))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: showcaseData }))
      .executeTest(async (mock) => {
        const res = await requestFor(mock.url, TOKEN)<{ data: Showcase }>(
          'PUT',
          '/showcase',
          edited,
        );
        expect(res.data.hero.title).toBe('TeamApp');
      });
  });

  it('when a link uses javascript:, then 400 naming the url', async () => {
    const bad = {
      ...edited,
      partners: [{ name: 'Bank', action: { type: 'link', url: 'javascript:alert(1)' } }],
    };
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('an update of the showcase with a javascript: link')
      .withRequest('PUT', '/api/showcase', (b) => b.headers(json).jsonBody(bad))
      .willRespondWith(400, (b) =>
        b.jsonBody({
          success: false,
          error: regex(
            '.*action\\.url.*',
            'partners.0.action.url: action.url must be an http, https or mailto URL',
          ),
        }),
      )
      .executeTest(async (mock) => {
        const error = await failure(requestFor(mock.url, TOKEN)('PUT', '/showcase', bad));
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(400);
      });
  });

  it('when a player saves, then 403 with the admin-only message', async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('an update of the showcase by a player')
      .withRequest('PUT', '/api/showcase', (b) => b.headers(json).jsonBody(edited))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, error: SHOWCASE_FORBIDDEN }))
      .executeTest(async (mock) => {
        const error = await failure(requestFor(mock.url, TOKEN)('PUT', '/showcase', edited));
        expect((error as ApiError).status).toBe(403);
        expect((error as ApiError).message).toBe(SHOWCASE_FORBIDDEN);
      });
  });
});
