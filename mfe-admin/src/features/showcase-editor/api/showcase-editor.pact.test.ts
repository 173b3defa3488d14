/**
 * Consumer contract for the showcase editor's save (reference §7 PUT /api/showcase, admins),
 * driven through the editor's own fetchers (`showcaseCalls`), so a change to what it sends or
 * where fails here. Written to pacts/teamapp-web-teamapp-content.json and verified against the
 * real content service (with the real events service behind it) in services/content/test/pact.
 */
import { MatchersV3, failure, json, requestFor, webPact } from '@teamapp/api-client/pact-kit';
import {
  SHOWCASE_FORBIDDEN,
  showcaseEditableSchema,
  type ShowcaseEditableInput,
} from '@teamapp/contracts';
import { showcaseCalls } from './showcase';

const { like, string, boolean, regex } = MatchersV3;

const pact = webPact('teamapp-content');

const edited: ShowcaseEditableInput = {
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

/** The edited parts as the server keeps them: what was sent, with the defaults filled in. */
const kept = showcaseEditableSchema.parse(edited);

/**
 * The merged showcase a save answers: the edited parts exactly as kept (what the editor reads
 * back), the club's own figures, which the editor does not show, by their type only.
 */
const merged = {
  hero: { title: string('TeamApp'), subtitle: kept.subtitle, stats: like([]) },
  navigation: kept.navigation,
  featured: kept.featured,
  teamStats: like({
    mens: { title: "Men's Team", record: '1-0-0', position: '3rd', goalDifference: '+2' },
  }),
  news: like([]),
  fixtures: like([]),
  players: like([]),
  videos: kept.videos,
  partners: kept.partners,
  joinEmail: kept.joinEmail,
  leaguePosition: kept.leaguePosition,
  live: boolean(true),
};

describe('teamapp-web → teamapp-content: the showcase editor', () => {
  it('when an admin saves the edited parts, then the merged showcase comes back', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in and the club has an upcoming game and a recorded result')
      .uponReceiving('an update of the showcase')
      .withRequest('PUT', '/api/showcase', (b) => b.headers(json).jsonBody(edited))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: merged }))
      .executeTest(async (mock) => {
        const data = await showcaseCalls.save(requestFor(mock.url), edited);
        expect(data.hero.subtitle).toBe('Community football since 1921');
        expect(data.partners[0]?.name).toBe('Harbour Bank');
      });
  });

  it('when a link uses javascript:, then 400 naming the url', async () => {
    const bad: ShowcaseEditableInput = {
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
        const error = await failure(showcaseCalls.save(requestFor(mock.url), bad));
        expect(error).toMatchObject({ status: 400 });
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
        const error = await failure(showcaseCalls.save(requestFor(mock.url), edited));
        expect(error).toMatchObject({ status: 403, message: SHOWCASE_FORBIDDEN });
      });
  });
});
