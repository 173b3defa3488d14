/** Provider verification: the real auth app answers the web consumer's contract. */
import { verifyWebContract } from '@teamapp/service-kit/pact-provider';
import { startAuth, userWithToken, type AuthHarness } from '../harness';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuth();
});
afterAll(async () => {
  await h.close();
});

it('when the web consumer contract is replayed, then the auth service honours it', async () => {
  await verifyWebContract({
    app: h.service.app,
    provider: 'teamapp-auth',
    stateHandlers: {
      // The harness seeds this admin from ADMIN_EMAIL / ADMIN_PASSWORD.
      'an admin coach@club.test with password Coach!Pass1 exists': async () => undefined,
      'an account sam@club.test exists': async () => {
        if (!(await h.findUser('sam@club.test'))) {
          await h.service.deps.users.create({
            name: 'Sam',
            email: 'sam@club.test',
            password: 'Sam!Pass123',
            role: 'player',
          });
        }
      },
      'a player is signed in': async () => (await userWithToken(h, 'player')).token,
    },
  });
});
