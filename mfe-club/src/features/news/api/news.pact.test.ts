/**
 * Consumer contract for team news (reference §7's news calls and the `notify`), driven through
 * the news screen's own fetchers (`newsCalls`), so a change to what it sends or where fails here.
 * Written to pacts/teamapp-web-teamapp-content.json beside the settings and notification
 * interactions, and verified against the real content service in services/content/test/pact.
 */
import {
  bearer,
  failure,
  ISO,
  json,
  MatchersV3,
  requestFor,
  STATE_IDS,
  webPact,
} from '@teamapp/api-client/pact-kit';
import type { NewsInput } from '@teamapp/contracts';
import { newsCalls as news } from './news-api';

const { regex, eachLike, string, boolean } = MatchersV3;
const { news: NEWS_ID, team: TEAM_ID } = STATE_IDS;
/** The id the provider states create their post with. */
const ACCESS_DENIED = 'Access denied. You do not have permission for this action.';

const pact = webPact('teamapp-content');

const newsPost = {
  id: string(NEWS_ID),
  title: string('Season opener'),
  content: string('Kick-off at three.\nBring a friend.'),
  author_id: string('7f0c6b1e-1111-4a4a-9a9a-1234567890ab'),
  author_name: string('Casey Coach'),
  created_at: regex(ISO, '2026-01-01T00:00:00.000Z'),
  updated_at: regex(ISO, '2026-01-01T00:00:00.000Z'),
  image_url: regex('^https?://.+$', 'https://images.example.com/kickoff.jpg'),
  is_pinned: boolean(false),
  /** A club post: no team (a team post names its team's id). */
  teamId: null,
};

const newPost: NewsInput = {
  title: 'Kit day',
  content: 'Bring your old boots.\nAll sizes welcome.',
  imageUrl: 'https://images.example.com/boots.jpg',
  isPinned: false,
  notify: true,
};

describe('teamapp-web → teamapp-content: team news', () => {
  it('when a member opens /news, then every post comes back, pinned first', async () => {
    await pact
      .addInteraction()
      .given('a news post exists and a player is signed in')
      .uponReceiving('a list of news posts')
      .withRequest('GET', '/api/news', (b) => b.headers(bearer))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: eachLike(newsPost) }))
      .executeTest(async (mock) => {
        const posts = await news.list(requestFor(mock.url));
        expect(posts[0]?.id).toBe(NEWS_ID);
      });
  });

  it('when an admin publishes a post, then documented success and the post', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('a new news post')
      .withRequest('POST', '/api/news', (b) => b.headers(json).jsonBody(newPost))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          success: true,
          data: {
            ...newsPost,
            title: 'Kit day',
            content: 'Bring your old boots.\nAll sizes welcome.',
            image_url: 'https://images.example.com/boots.jpg',
          },
        }),
      )
      .executeTest(async (mock) => {
        const post = await news.create(requestFor(mock.url), newPost);
        expect(post.title).toBe('Kit day');
      });
  });

  it("when a team's coach publishes a post for it, then the post comes back with its team", async () => {
    const body: NewsInput = { ...newPost, teamId: TEAM_ID };
    await pact
      .addInteraction()
      .given('a team exists and its coach is signed in')
      .uponReceiving('a new news post for a team')
      .withRequest('POST', '/api/news', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          success: true,
          data: {
            ...newsPost,
            title: 'Kit day',
            content: 'Bring your old boots.\nAll sizes welcome.',
            image_url: 'https://images.example.com/boots.jpg',
            teamId: TEAM_ID,
          },
        }),
      )
      .executeTest(async (mock) => {
        const post = await news.create(requestFor(mock.url), body);
        expect(post.teamId).toBe(TEAM_ID);
      });
  });

  it('when the image URL is a javascript: address, then 400 naming it', async () => {
    const body = { ...newPost, imageUrl: 'javascript:alert(1)' };
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('a new news post with a javascript: image URL')
      .withRequest('POST', '/api/news', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(400, (b) =>
        b.jsonBody({ success: false, error: 'imageUrl must be an http or https address' }),
      )
      .executeTest(async (mock) => {
        const error = await failure(news.create(requestFor(mock.url), body));
        expect(error).toMatchObject({
          status: 400,
          message: 'imageUrl must be an http or https address',
        });
      });
  });

  it('when a player publishes a post, then access is denied', async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('a new news post from a player')
      .withRequest('POST', '/api/news', (b) => b.headers(json).jsonBody(newPost))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, error: ACCESS_DENIED }))
      .executeTest(async (mock) => {
        const error = await failure(news.create(requestFor(mock.url), newPost));
        expect(error).toMatchObject({ status: 403, message: ACCESS_DENIED });
      });
  });

  it('when an admin edits a post, then documented success and the post as saved', async () => {
    const edit = {
      title: 'Season opener moved',
      content: 'Kick-off at four.',
      imageUrl: '',
      isPinned: false,
    };
    await pact
      .addInteraction()
      .given('a news post exists and an admin is signed in')
      .uponReceiving('an edit of a news post')
      .withRequest('PUT', `/api/news/${NEWS_ID}`, (b) => b.headers(json).jsonBody(edit))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          data: {
            ...newsPost,
            title: 'Season opener moved',
            content: 'Kick-off at four.',
            image_url: null,
          },
        }),
      )
      .executeTest(async (mock) => {
        const post = await news.update(requestFor(mock.url), NEWS_ID, edit);
        expect(post.image_url).toBeNull();
      });
  });

  it('when an admin pins a post, then only isPinned is sent and the post comes back pinned', async () => {
    await pact
      .addInteraction()
      .given('a news post exists and an admin is signed in')
      .uponReceiving('a pin of a news post')
      .withRequest('PUT', `/api/news/${NEWS_ID}`, (b) =>
        b.headers(json).jsonBody({ isPinned: true }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ success: true, data: { ...newsPost, is_pinned: true } }),
      )
      .executeTest(async (mock) => {
        const post = await news.update(requestFor(mock.url), NEWS_ID, { isPinned: true });
        expect(post.is_pinned).toBe(true);
      });
  });

  it('when an admin deletes a post, then documented success', async () => {
    await pact
      .addInteraction()
      .given('a news post exists and an admin is signed in')
      .uponReceiving('a delete of a news post')
      .withRequest('DELETE', `/api/news/${NEWS_ID}`, (b) => b.headers(bearer))
      .willRespondWith(200, (b) => b.jsonBody({ success: true }))
      .executeTest(async (mock) => {
        await expect(news.remove(requestFor(mock.url), NEWS_ID)).resolves.toBeUndefined();
      });
  });

  it('when the post is gone, then 404', async () => {
    await pact
      .addInteraction()
      .given('no news post exists and an admin is signed in')
      .uponReceiving('a delete of a news post that does not exist')
      .withRequest('DELETE', `/api/news/${NEWS_ID}`, (b) => b.headers(bearer))
      .willRespondWith(404, (b) => b.jsonBody({ success: false, error: 'News post not found' }))
      .executeTest(async (mock) => {
        const error = await failure(news.remove(requestFor(mock.url), NEWS_ID));
        expect(error).toMatchObject({ status: 404, message: 'News post not found' });
      });
  });

  it('when a player deletes a post, then access is denied', async () => {
    await pact
      .addInteraction()
      .given('a news post exists and a player is signed in')
      .uponReceiving('a delete of a news post by a player')
      .withRequest('DELETE', `/api/news/${NEWS_ID}`, (b) => b.headers(bearer))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, error: ACCESS_DENIED }))
      .executeTest(async (mock) => {
        const error = await failure(news.remove(requestFor(mock.url), NEWS_ID));
        expect(error).toMatchObject({ status: 403, message: ACCESS_DENIED });
      });
  });
});
