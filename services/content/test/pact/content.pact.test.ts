/** Provider verification: the real content app answers the web consumer's contract. */
import { randomUUID } from 'node:crypto';
import { verifyWebContract } from '@teamapp/service-kit/pact-provider';
import { news } from '../../src/db/schema';
import { startContent, type ContentHarness } from '../harness';

/** The post id packages/api-client/src/news.pact.test.ts uses in its paths. */
const NEWS_ID = '4e3d2c1b-0a9f-4e8d-9c7b-6a5f4e3d2c1b';

let h: ContentHarness;
beforeAll(async () => {
  h = await startContent();
});
afterAll(async () => {
  await h.close();
});

/** The news as the contract expects it: one post with a known id, by an admin. */
async function onlyThePost() {
  const author = await h.userFor('admin');
  await h.service.base.db.delete(news);
  await h.service.base.db.insert(news).values({
    id: NEWS_ID,
    title: 'Season opener',
    content: 'Kick-off at three.\nBring a friend.',
    imageUrl: 'https://images.example.com/kickoff.jpg',
    isPinned: false,
    authorId: author.userId,
  });
}

it('when the web consumer contract is replayed, then the content service honours it', async () => {
  await verifyWebContract({
    app: h.service.app,
    provider: 'teamapp-content',
    stateHandlers: {
      'the settings are the defaults': async () => {
        await h.service.deps.settings.reset();
      },
      'an admin is signed in': () => h.tokenFor('admin'),
      'a player is signed in': () => h.tokenFor('player'),
      'a news post exists and a player is signed in': async () => {
        await onlyThePost();
        return h.tokenFor('player');
      },
      'a news post exists and an admin is signed in': async () => {
        await onlyThePost();
        return h.tokenFor('admin');
      },
      'no news post exists and an admin is signed in': async () => {
        await h.service.base.db.delete(news);
        return h.tokenFor('admin');
      },
      'a player with one unread notification is signed in': async () => {
        const player = await h.userFor('player');
        await h.service.deps.notifications.deliver(
          randomUUID(),
          { userIds: [player.userId] },
          { title: 'Your password was changed', message: 'Your password was reset.' },
        );
        return player.token;
      },
    },
  });
});
