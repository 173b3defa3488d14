/** Provider verification: the real auth app answers the web consumer's contract. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { createUser } from '../../src/domain/users';
import { startAuth, userWithToken, type AuthHarness } from '../harness';

let h: AuthHarness;
let server: Server;
let token = '';

beforeAll(async () => {
  h = await startAuth();
  server = h.service.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

it('when the web consumer contract is replayed, then the auth service honours it', async () => {
  const { port } = server.address() as AddressInfo;
  await new Verifier({
    provider: 'teamapp-auth',
    providerBaseUrl: `http://127.0.0.1:${port}`,
    pactUrls: [path.resolve(__dirname, '../../../../pacts/teamapp-web-teamapp-auth.json')],
    logLevel: 'warn',
    stateHandlers: {
      // The harness seeds this admin from ADMIN_EMAIL / ADMIN_PASSWORD.
      'an admin coach@club.test with password Coach!Pass1 exists': async () => undefined,
      'an account sam@club.test exists': async () => {
        if (!(await h.service.deps.users.findByEmail('sam@club.test'))) {
          await createUser(h.service.deps.inTransaction, {
            name: 'Sam',
            email: 'sam@club.test',
            password: 'Sam!Pass123',
            role: 'player',
          });
        }
      },
      'a player is signed in': async () => {
        token = (await userWithToken(h, 'player')).token;
      },
    },
    requestFilter: (req, _res, next) => {
      if (req.headers.authorization) req.headers.authorization = `Bearer ${token}`;
      next();
    },
  }).verifyProvider();
});
