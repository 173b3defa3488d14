/** Provider verification: the real content app answers the web consumer's contract. */
import { randomUUID } from 'node:crypto';
import { verifyWebContract } from '@teamapp/service-kit/pact-provider';
import { startContent, type ContentHarness } from '../harness';

let h: ContentHarness;
beforeAll(async () => {
  h = await startContent();
});
afterAll(async () => {
  await h.close();
});

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
