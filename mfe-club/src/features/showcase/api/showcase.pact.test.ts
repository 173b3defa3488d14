/**
 * Consumer contract for the public showcase (reference §7 GET /api/showcase without a token),
 * driven through the page's own fetcher (`getShowcase`) with the signed-out session's request
 * function. Written to pacts/teamapp-web-teamapp-content.json and verified against the real
 * content service (with the real events service behind it) in services/content/test/pact.
 */
import {
  ISO,
  MatchersV3,
  STATE_IDS,
  STATE_PUBLIC_TEAM,
  requestFor,
  webPact,
} from '@teamapp/api-client/pact-kit';
import { getShowcase } from './get-showcase';

const { like, eachLike, string, boolean, integer, regex } = MatchersV3;

const pact = webPact('teamapp-content');

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

const fixture = {
  id: string('b3a1f0c2-0000-4000-8000-000000000001'),
  date: string('Sat, Jun 6, 2026'),
  opponent: string('Harbour Town'),
  location: string('Riverside Park'),
  competition: string('Match'),
  time: regex('^\\d{1,2}:\\d{2} (AM|PM)$', '3:00 PM'),
  startsAt: regex(ISO, '2026-06-06T20:00:00.000Z'),
  tickets: { available: boolean(true), url: string('https://tickets.example/club') },
  action: like(linkAction),
};
const performer = {
  name: string('Sam Striker'),
  position: string(''),
  image: string(''),
  goals: integer(2),
  assists: integer(1),
  action: null,
};
const record = regex('^\\d+-\\d+-\\d+$', '1-0-0');
const goalDifference = regex('^[+-]?\\d+$', '+2');

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
      record,
      position: string('3rd'),
      goalDifference,
    },
  },
  news: [],
  fixtures: eachLike(fixture),
  players: eachLike(performer),
  videos: { featured: null, sidebar: [] },
  partners: eachLike({ name: string('Harbour Bank'), logo: string(''), action: null }),
  joinEmail: string('join@club.example'),
  leaguePosition: string('3rd'),
  live: boolean(true),
  teams: [],
};

describe('teamapp-web → teamapp-content: the public showcase', () => {
  it('when a signed-out visitor opens /, then the showcase comes back without a token', async () => {
    await pact
      .addInteraction()
      .given('the showcase is edited and the club has an upcoming game and a recorded result')
      .uponReceiving('a request for the showcase without a token')
      .withRequest('GET', '/api/showcase')
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: showcaseData }))
      .executeTest(async (mock) => {
        const data = await getShowcase(requestFor(mock.url, null));
        expect(data.hero.title).toBe('TeamApp');
        expect(data.fixtures[0]?.opponent).toBe('Harbour Town');
        expect(data.players[0]?.name).toBe('Sam Striker');
      });
  });
});

describe('teamapp-web → teamapp-content: the showcase of a club with several teams', () => {
  it('when a signed-out visitor opens /, then only the public team has a tab, with its own figures', async () => {
    const publicTeam = {
      id: regex('^[0-9a-f-]{36}$', STATE_IDS.publicTeam),
      name: string(STATE_PUBLIC_TEAM.name),
      colour: regex('^#[0-9a-f]{6}$', STATE_PUBLIC_TEAM.colour),
      record,
      position: string('2nd'),
      goalDifference,
      fixtures: eachLike(fixture),
      players: eachLike(performer),
    };
    await pact
      .addInteraction()
      .given(
        'the showcase is edited and the club has a public and a private team, the public one with an upcoming game and a recorded result',
      )
      .uponReceiving('a request for the showcase of a club with several teams without a token')
      .withRequest('GET', '/api/showcase')
      .willRespondWith(200, (b) =>
        b.jsonBody({ success: true, data: { ...showcaseData, teams: eachLike(publicTeam, 1) } }),
      )
      .executeTest(async (mock) => {
        const data = await getShowcase(requestFor(mock.url, null));
        expect(data.teams?.map((t) => t.name)).toEqual([STATE_PUBLIC_TEAM.name]);
        expect(data.teams?.[0]?.fixtures[0]?.opponent).toBe('Harbour Town');
        expect(data.teams?.[0]?.players[0]?.name).toBe('Sam Striker');
      });
  });
});
