/** Provider verification: the real auth app answers the web consumer's contract. */
import { verifyWebContract } from '@teamapp/service-kit/pact-provider';
import request from 'supertest';
import { createUsersRepo } from '../../src/db/users.repo';
import { hashPassword } from '../../src/domain/passwords';
import { adminToken, login, startAuth, userWithToken, type AuthHarness } from '../harness';
import { STATE_IDS } from '@teamapp/api-client/pact-states';

/** The ids packages/api-client/src/people.pact.test.ts uses in its paths. */
const SAM = { id: STATE_IDS.sam, email: 'sam@club.test' };
const SAM_PASSWORD = 'Sam!Pass123';
const NIA = { id: STATE_IDS.nia, email: 'nia@club.test' };
const NIA_TEMP_PASSWORD = 'Xk4mPq7z';

let h: AuthHarness;
let users: ReturnType<typeof createUsersRepo>;
beforeAll(async () => {
  h = await startAuth();
  users = createUsersRepo(h.service.base.db);
});
afterAll(async () => {
  await h.close();
});

async function removeByEmail(email: string) {
  const existing = await users.findByEmail(email);
  if (existing) await users.remove(existing.id);
}

/** Sam, a player with a known id and password, exactly as the contract expects him. */
async function ensureSam() {
  await removeByEmail(SAM.email);
  await users.insert({
    id: SAM.id,
    name: 'Sam Striker',
    email: SAM.email,
    role: 'player',
    passwordHash: await hashPassword(SAM_PASSWORD),
    phone: '555-0100',
    position: 'Forward',
    bio: 'Scores',
    nickname: 'Sniper',
    coachNotes: 'Work on headers',
  });
}

/** Nia, invited a moment ago and not signed in yet. */
async function ensureInvitedNia() {
  await removeByEmail(NIA.email);
  await users.insert({
    id: NIA.id,
    name: 'Nia Player',
    email: NIA.email,
    role: 'player',
    passwordHash: await hashPassword(NIA_TEMP_PASSWORD),
    mustChangePassword: true,
    tempPasswordExpiresAt: new Date(Date.now() + 7 * 24 * 3600_000),
    invitedAt: new Date(),
  });
}

it('when the web consumer contract is replayed, then the auth service honours it', async () => {
  await verifyWebContract({
    app: h.service.app,
    provider: 'teamapp-auth',
    stateHandlers: {
      // The harness seeds this admin from ADMIN_EMAIL / ADMIN_PASSWORD.
      'an admin coach@club.test with password Coach!Pass1 exists': async () => undefined,
      'an account sam@club.test exists': ensureSam,
      'a player is signed in': async () => (await userWithToken(h, 'player')).token,
      'an admin is signed in': async () => {
        await removeByEmail(NIA.email);
        return adminToken(h);
      },
      'an admin is signed in and sam@club.test exists': async () => {
        await ensureSam();
        return adminToken(h);
      },
      'an admin is signed in and an invitation to nia@club.test is open': async () => {
        await ensureInvitedNia();
        return adminToken(h);
      },
      'an invitation to nia@club.test with temporary password Xk4mPq7z is open': ensureInvitedNia,
      'an invitee who must change their password is signed in': async () => {
        await ensureInvitedNia();
        return (await login(h, NIA.email, NIA_TEMP_PASSWORD)).token;
      },
      'the player sam@club.test is signed in on this device and a phone': async () => {
        await ensureSam();
        await request(h.server)
          .post('/api/auth/login')
          .set('User-Agent', 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0')
          .send({ email: SAM.email, password: SAM_PASSWORD })
          .expect(200);
        const { token } = await login(h, SAM.email, SAM_PASSWORD);
        const devices = await h.service.deps.devices.list({
          id: SAM.id,
          sid: (
            JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }
          ).sid,
        });
        const phone = devices.data.find((d) => !d.current)!;
        return { token, values: { phoneSessionId: phone.id } };
      },
      'the player sam@club.test with password Sam!Pass123 is signed in': async () => {
        await ensureSam();
        return (await login(h, SAM.email, SAM_PASSWORD)).token;
      },
    },
  });
});
