/** Provider verification: the real content app answers the web consumer's contract. */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { startContent, type ContentHarness } from '../harness';

let h: ContentHarness;
let server: Server;
let token = '';

beforeAll(async () => {
  h = await startContent();
  server = h.service.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

it('when the web consumer contract is replayed, then the content service honours it', async () => {
  const { port } = server.address() as AddressInfo;
  await new Verifier({
    provider: 'teamapp-content',
    providerBaseUrl: `http://127.0.0.1:${port}`,
    pactUrls: [path.resolve(__dirname, '../../../../pacts/teamapp-web-teamapp-content.json')],
    logLevel: 'warn',
    stateHandlers: {
      'the settings are the defaults': async () => {
        await h.service.deps.settings.reset();
      },
      'an admin is signed in': async () => {
        token = await h.tokenFor('admin');
      },
      'a player with one unread notification is signed in': async () => {
        const player = await h.userFor('player');
        token = player.token;
        await h.service.deps.notifications.deliver(
          randomUUID(),
          { userIds: [player.userId] },
          { title: 'Your password was changed', message: 'Your password was reset.' },
        );
      },
      'a player is signed in': async () => {
        token = await h.tokenFor('player');
      },
    },
    requestFilter: (req, _res, next) => {
      if (req.headers.authorization) req.headers.authorization = `Bearer ${token}`;
      next();
    },
  }).verifyProvider();
});
