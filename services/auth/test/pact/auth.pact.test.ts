/** Provider verification: the real auth app answers the web consumer's contract. */
import { verifyWebContract } from '@teamapp/service-kit/pact-provider';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { teamMembers } from '../../src/db/schema';
import { createGuardiansRepo } from '../../src/db/guardians.repo';
import { createTeamsRepo } from '../../src/db/teams.repo';
import { createUsersRepo } from '../../src/db/users.repo';
import { hashPassword } from '../../src/domain/passwords';
import { adminToken, login, startAuth, userWithToken, type AuthHarness } from '../harness';
import { STATE_IDS, STATE_TEAM } from '@teamapp/api-client/pact-states';

/** The ids packages/api-client/src/people.pact.test.ts uses in its paths. */
const SAM = { id: STATE_IDS.sam, email: 'sam@club.test' };
const SAM_PASSWORD = 'Sam!Pass123';
const NIA = { id: STATE_IDS.nia, email: 'nia@club.test' };
const NIA_TEMP_PASSWORD = 'Xk4mPq7z';

let h: AuthHarness;
let users: ReturnType<typeof createUsersRepo>;
let teams: ReturnType<typeof createTeamsRepo>;
beforeAll(async () => {
  h = await startAuth();
  users = createUsersRepo(h.service.base.db);
  teams = createTeamsRepo(h.service.base.db);
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

/**
 * The contract's team ("Under 12s", the first colour, not public, active), put back as the
 * contract expects it and with nobody in it, whatever an earlier interaction changed. It is the
 * club's only active team (the others archived): a list holds no team the member is not in.
 */
async function ensureTeam() {
  for (const other of await teams.list()) {
    if (other.id !== STATE_IDS.team) await teams.update(other.id, { archived: true });
  }
  const team = { ...STATE_TEAM, namedAfterClub: false };
  if (await teams.findById(STATE_IDS.team)) await teams.update(STATE_IDS.team, team);
  else await teams.insert({ id: STATE_IDS.team, ...team });
  await h.service.base.db.delete(teamMembers).where(eq(teamMembers.teamId, STATE_IDS.team));
}

/** The family states' child and guardian (packages/api-client/src/pact-states.ts). */
const CHILD = { id: STATE_IDS.child, name: 'Robin Young' };
const GUARDIAN = { id: STATE_IDS.guardian, email: 'pat@family.test' };
/** The addresses the family interactions invite or give: free again before each. */
const FAMILY_ADDRESSES = ['pat@family.test', 'robin@family.test'];

/**
 * Robin, a child without a login playing in the team, as the family contract expects them;
 * with `guardian`, Pat (invited a moment ago, not signed in yet) is their "Mother".
 */
async function ensureChild(options: { guardian: boolean }) {
  await ensureTeam();
  for (const email of FAMILY_ADDRESSES) await removeByEmail(email);
  if (await users.findById(CHILD.id)) await users.remove(CHILD.id);
  await users.insert({
    id: CHILD.id,
    name: CHILD.name,
    email: null,
    passwordHash: null,
    role: 'player',
    dateOfBirth: '2015-03-03',
  });
  await teams.putMember(STATE_IDS.team, CHILD.id, 'player');
  if (!options.guardian) return;
  await users.insert({
    id: GUARDIAN.id,
    name: 'Pat Young',
    email: GUARDIAN.email,
    role: 'player',
    passwordHash: await hashPassword(NIA_TEMP_PASSWORD),
    mustChangePassword: true,
    tempPasswordExpiresAt: new Date(Date.now() + 7 * 24 * 3600_000),
    invitedAt: new Date(),
  });
  await createGuardiansRepo(h.service.base.db).link(CHILD.id, GUARDIAN.id, 'Mother');
}

/** The team with Sam playing in it. */
async function samInTheTeam() {
  await ensureTeam();
  await ensureSam();
  await teams.putMember(STATE_IDS.team, SAM.id, 'player');
}

/** A new club player who coaches the team (and needs no new password): their token. */
async function coachToken() {
  const coach = await userWithToken(h, 'player');
  await teams.putMember(STATE_IDS.team, coach.user.id, 'coach');
  return coach.token;
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
      'an admin is signed in and a team exists': async () => {
        await ensureTeam();
        return adminToken(h);
      },
      'a team exists and a player in it is signed in': async () => {
        await ensureTeam();
        return (await userWithToken(h, 'player', STATE_IDS.team)).token;
      },
      'an admin is signed in, a team exists and sam@club.test exists': async () => {
        await ensureTeam();
        await ensureSam();
        return adminToken(h);
      },
      'an admin is signed in and sam@club.test is in a team': async () => {
        await samInTheTeam();
        return adminToken(h);
      },
      'a coach of a team is signed in and sam@club.test is in it': async () => {
        await samInTheTeam();
        return coachToken();
      },
      'a coach of a team is signed in': async () => {
        await ensureTeam();
        await removeByEmail(NIA.email);
        return coachToken();
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
      'a child with a guardian exists and their coach is signed in': async () => {
        await ensureChild({ guardian: true });
        return coachToken();
      },
      'a child with a guardian exists and an admin is signed in': async () => {
        await ensureChild({ guardian: true });
        return adminToken(h);
      },
      'a child with a guardian exists and a player is signed in': async () => {
        await ensureChild({ guardian: true });
        return (await userWithToken(h, 'player')).token;
      },
      'a child with a guardian exists and the guardian is signed in': async () => {
        await ensureChild({ guardian: true });
        return (await login(h, GUARDIAN.email, NIA_TEMP_PASSWORD)).token;
      },
      'a child without a guardian exists and an admin is signed in': async () => {
        await ensureChild({ guardian: false });
        return adminToken(h);
      },
      'the player sam@club.test with password Sam!Pass123 is signed in': async () => {
        await ensureSam();
        return (await login(h, SAM.email, SAM_PASSWORD)).token;
      },
    },
  });
});
