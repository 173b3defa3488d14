import { randomUUID } from 'node:crypto';
import {
  ADULT_AGE,
  CHILD_ADDED,
  CHILD_HAS_LOGIN,
  CHILD_NOT_FOUND,
  DEFAULT_APP_TITLE,
  EMAIL_TAKEN,
  GUARDIAN_ALREADY_LINKED,
  GUARDIAN_INVITED,
  GUARDIAN_LINKED,
  GUARDIAN_NOT_FOUND,
  GUARDIAN_OF_SELF,
  GUARDIAN_REMOVED,
  LOGIN_GIVEN,
  NO_GUARDIAN_WARNING,
  TEAM_COACH_ONLY,
  TEAM_NOT_FOUND,
  type MemberEvent,
  type Team,
  type User,
} from '@teamapp/contracts';
import { clubToday } from '@teamapp/service-kit';
import { drained, eventually } from '@teamapp/service-kit/testing';
import { Queue } from 'bullmq';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import {
  adminToken,
  bearer,
  login,
  publishedJobs,
  startAuth,
  userWithToken,
  type AuthHarness,
} from '../../../test/harness';
import { NO_LOGIN_TO_RESEND } from '../../domain/invitations';
import { COMING_OF_AGE_PATTERN, COMING_OF_AGE_QUEUE } from '../../jobs/coming-of-age';
import { NO_LOGIN_EMAIL } from '../../domain/profiles';

/** Far from UTC, so the club's day differs from the server's for half of every day. */
const CLUB_ZONE = 'Pacific/Auckland';
const today = () => clubToday(CLUB_ZONE);

let h: AuthHarness;
let admin: string;
beforeAll(async () => {
  h = await startAuth({ CLUB_TIME_ZONE: CLUB_ZONE });
  admin = await adminToken(h);
});
afterAll(async () => {
  await h.close();
});

const UNKNOWN_ID = '7f0c6b1e-1111-4a4a-9a9a-1234567890ab';
const api = (token?: string) => {
  const auth = (r: request.Test) => (token ? r.set(bearer(token)) : r);
  return {
    get: (path: string) => auth(request(h.server).get(`/api${path}`)),
    post: (path: string, body: object) => auth(request(h.server).post(`/api${path}`)).send(body),
    put: (path: string, body: object) => auth(request(h.server).put(`/api${path}`)).send(body),
    delete: (path: string) => auth(request(h.server).delete(`/api${path}`)),
  };
};

/** YYYY-MM-DD `years` before `day` (a 29 February falls back to the 28th). */
const yearsBefore = (day: string, years: number) => {
  const [y, m, d] = day.split('-');
  const date = `${Number(y) - years}-${m}-${d}`;
  return date.endsWith('-02-29') ? date.replace(/29$/, '28') : date;
};
const TEN_YEARS_OLD = yearsBefore(today(), 10);

async function createTeam(): Promise<Team> {
  const res = await api(admin).post('/teams', { name: `Family ${randomUUID().slice(0, 8)}` });
  if (res.status !== 201) throw new Error(`create team: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.team as Team;
}

/** A team with a coach (a club player), each signed in. */
async function teamWithCoach() {
  const team = await createTeam();
  const coach = await userWithToken(h, 'player', team.id);
  const res = await api(admin).put(`/teams/${team.id}/members/${coach.user.id}`, { role: 'coach' });
  if (res.status !== 200) throw new Error(`coach: ${res.status}`);
  return { team, coach };
}

async function addChild(teamId: string, dateOfBirth = TEN_YEARS_OLD, token = admin) {
  const res = await api(token).post('/user/children', {
    name: `Kid ${randomUUID().slice(0, 6)}`,
    dateOfBirth,
    teamId,
  });
  if (res.status !== 201) throw new Error(`add child: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as User;
}

/** A child in a coached team, with a guardian (a member) who is signed in. */
async function family() {
  const { team, coach } = await teamWithCoach();
  const child = await addChild(team.id);
  const guardian = await userWithToken(h, 'player', (await createTeam()).id);
  const res = await api(admin).post(`/user/${child.id}/guardians`, {
    email: guardian.email,
    relation: 'Mother',
  });
  if (res.status !== 201) throw new Error(`guardian: ${res.status} ${JSON.stringify(res.body)}`);
  return { team, coach, child, guardian };
}

/** The newest member event about this member (consumers keep the latest `at`). */
async function newestEvent(userId: string): Promise<MemberEvent> {
  const events = (await publishedJobs(h, 'members')).filter((e) => e.userId === userId);
  return [...events].sort((a, b) => (a.at ?? '').localeCompare(b.at ?? '')).at(-1)!;
}

const invitationMailsTo = async (email: string) =>
  (await publishedJobs(h, 'mail')).filter((m) => m.template === 'invitation' && m.to === email);

describe('POST /api/user/children', () => {
  it('when a club admin adds a child, then they are a player of the team without a login, and the member event says so', async () => {
    const team = await createTeam();

    const res = await api(admin).post('/user/children', {
      name: 'Sam Small',
      dateOfBirth: TEN_YEARS_OLD,
      position: 'Wing',
      teamId: team.id,
    });

    expect(res.status).toBe(201);
    expect(res.body.message).toBe(CHILD_ADDED);
    expect(res.body.data).toMatchObject({
      name: 'Sam Small',
      email: '',
      role: 'player',
      position: 'Wing',
      has_login: false,
      minor: true,
      date_of_birth: TEN_YEARS_OLD,
    });
    const id = res.body.data.id as string;
    const rows = (await h.service.base.db.execute(
      sql`select team_id, role from auth.team_members where user_id = ${id}`,
    )) as unknown as { rows: { team_id: string; role: string }[] };
    expect(rows.rows).toEqual([{ team_id: team.id, role: 'player' }]);
    expect(await newestEvent(id)).toMatchObject({
      kind: 'joined',
      member: {
        name: 'Sam Small',
        email: '',
        teams: [{ teamId: team.id, role: 'player' }],
        guardians: [],
        minor: true,
        hasLogin: false,
      },
    });
  });

  it("when the team's coach adds a child, then 201; a coach of another team or a player gets 403", async () => {
    const { team, coach } = await teamWithCoach();
    const other = await teamWithCoach();
    const player = await userWithToken(h, 'player', team.id);
    const body = { name: 'Kid', dateOfBirth: TEN_YEARS_OLD, teamId: team.id };

    const byCoach = await api(coach.token).post('/user/children', body);
    const byOtherCoach = await api(other.coach.token).post('/user/children', body);
    const byPlayer = await api(player.token).post('/user/children', body);

    expect(byCoach.status).toBe(201);
    expect(byCoach.body.data.date_of_birth).toBe(TEN_YEARS_OLD);
    expect(byCoach.body.data.coach_notes).toBeUndefined();
    expect([byOtherCoach.status, byOtherCoach.body.error]).toEqual([403, TEAM_COACH_ONLY]);
    expect(byPlayer.status).toBe(403);
  });

  it('when the input is wrong, then 400 naming the field and nothing is made', async () => {
    const team = await createTeam();
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const cases: [object, RegExp][] = [
      [{ dateOfBirth: TEN_YEARS_OLD, teamId: team.id }, /name/],
      [{ name: ' ', dateOfBirth: TEN_YEARS_OLD, teamId: team.id }, /name/],
      [{ name: 'Kid', dateOfBirth: future, teamId: team.id }, /dateOfBirth/],
      [{ name: 'Kid', dateOfBirth: '2015-02-30', teamId: team.id }, /dateOfBirth/],
      [{ name: 'Kid', teamId: team.id }, /dateOfBirth/],
      [{ name: 'Kid', dateOfBirth: TEN_YEARS_OLD, teamId: 'nope' }, /teamId/],
    ];
    const before = (await api(admin).get('/user/all')).body.data.length as number;

    for (const [body, error] of cases) {
      const res = await api(admin).post('/user/children', body);
      expect([res.status, res.body.error]).toEqual([400, expect.stringMatching(error)]);
    }
    expect((await api(admin).get('/user/all')).body.data).toHaveLength(before);
  });

  it('when signed out, then 401; an unknown or archived team, 404', async () => {
    const archived = await createTeam();
    await api(admin).delete(`/teams/${archived.id}`);
    const body = { name: 'Kid', dateOfBirth: TEN_YEARS_OLD };

    const signedOut = await api().post('/user/children', { ...body, teamId: archived.id });
    const unknown = await api(admin).post('/user/children', { ...body, teamId: UNKNOWN_ID });
    const gone = await api(admin).post('/user/children', { ...body, teamId: archived.id });

    expect(signedOut.status).toBe(401);
    expect([unknown.status, unknown.body.error]).toEqual([404, TEAM_NOT_FOUND]);
    expect([gone.status, gone.body.error]).toEqual([404, TEAM_NOT_FOUND]);
  });

  it('when someone tries a child with no login, then they can never sign in, and a resend or an address by profile edit is refused', async () => {
    const child = await addChild((await createTeam()).id);

    const signIn = await request(h.server)
      .post('/api/auth/login')
      .send({ email: '', password: 'x' });
    const resend = await api(admin).post(`/user/${child.id}/resend-invitation`, {});
    const edit = await api(admin).put(`/user/profile/${child.id}`, { email: 'kid@club.test' });

    expect(signIn.status).toBe(400);
    const stored = (await h.service.base.db.execute(
      sql`select email, password_hash from auth.users where id = ${child.id}`,
    )) as unknown as { rows: { email: string | null; password_hash: string | null }[] };
    expect(stored.rows).toEqual([{ email: null, password_hash: null }]);
    expect([resend.status, resend.body.error]).toEqual([400, NO_LOGIN_TO_RESEND]);
    expect([edit.status, edit.body.error]).toEqual([400, NO_LOGIN_EMAIL]);
  });
});

describe('guardians: /api/user/:childId/guardians', () => {
  it('when a new address is added as a guardian, then they are invited, sign in with the temporary password, and their session lists the child', async () => {
    const { team, coach } = await teamWithCoach();
    const child = await addChild(team.id);
    const email = `parent-${randomUUID().slice(0, 6)}@club.test`;

    const res = await api(coach.token).post(`/user/${child.id}/guardians`, {
      email,
      name: 'Pat Parent',
      relation: 'Father',
    });

    expect(res.status).toBe(201);
    expect(res.body.message).toBe(GUARDIAN_INVITED);
    expect(res.body.data).toMatchObject({
      name: 'Pat Parent',
      email,
      relation: 'Father',
      invitation_status: 'pending',
    });
    const [mail] = await invitationMailsTo(email);
    expect(mail).toMatchObject({ name: 'Pat Parent', loginUrl: 'http://localhost:8080/login' });
    const tempPassword = mail?.template === 'invitation' ? mail.tempPassword : '';
    const session = await login(h, email, tempPassword);
    expect(session.user).toMatchObject({ mustChangePassword: true, children: [child.id] });
    expect(await newestEvent(child.id)).toMatchObject({
      member: {
        guardians: [{ userId: res.body.data.id, name: 'Pat Parent', relation: 'Father' }],
        minor: true,
        hasLogin: false,
      },
    });
    expect(await newestEvent(res.body.data.id)).toMatchObject({
      kind: 'joined',
      member: { hasLogin: true, minor: false, guardians: [] },
    });
  });

  it('when a member is added as a guardian, then they are linked without an invitation; twice is 409', async () => {
    const { child, guardian } = await family();

    const again = await api(admin).post(`/user/${child.id}/guardians`, { email: guardian.email });
    const list = await api(admin).get(`/user/${child.id}/guardians`);

    expect([again.status, again.body.error]).toEqual([409, GUARDIAN_ALREADY_LINKED]);
    expect(await invitationMailsTo(guardian.email)).toEqual([]);
    expect(list.body).toEqual({
      success: true,
      data: [
        {
          id: guardian.user.id,
          name: guardian.user.name,
          email: guardian.email,
          relation: 'Mother',
          invitation_status: null,
        },
      ],
    });
    expect((await login(h, guardian.email, guardian.password)).user.children).toEqual([child.id]);
  });

  it('when linking a member, then the answer says linked', async () => {
    const child = await addChild((await createTeam()).id);
    const member = await userWithToken(h);

    const res = await api(admin).post(`/user/${child.id}/guardians`, { email: member.email });

    expect([res.status, res.body.message]).toEqual([201, GUARDIAN_LINKED]);
    expect(res.body.data).toMatchObject({ id: member.user.id, invitation_status: null });
  });

  it('when the input is wrong, then 400 naming the field; a member as their own guardian, 400', async () => {
    const team = await createTeam();
    const child = await addChild(team.id);
    const grown = await userWithToken(h, 'player', team.id);

    const noEmail = await api(admin).post(`/user/${child.id}/guardians`, {});
    const badEmail = await api(admin).post(`/user/${child.id}/guardians`, { email: 'nope' });
    const badId = await api(admin).post('/user/nope/guardians', { email: 'a@club.test' });
    const longRelation = await api(admin).post(`/user/${child.id}/guardians`, {
      email: 'a@club.test',
      relation: 'x'.repeat(41),
    });
    const self = await api(admin).post(`/user/${grown.user.id}/guardians`, {
      email: grown.email,
    });

    expect([noEmail.status, noEmail.body.error]).toEqual([400, expect.stringMatching(/email/)]);
    expect([badEmail.status, badEmail.body.error]).toEqual([400, expect.stringMatching(/email/)]);
    expect([badId.status, badId.body.error]).toEqual([400, expect.stringMatching(/childId/)]);
    expect(longRelation.status).toBe(400);
    expect(longRelation.body.error).toMatch(/relation/);
    expect([self.status, self.body.error]).toEqual([400, GUARDIAN_OF_SELF]);
  });

  it('when the child or the guardian is unknown, then 404', async () => {
    const { child } = await family();

    const post = await api(admin).post(`/user/${UNKNOWN_ID}/guardians`, { email: 'a@club.test' });
    const get = await api(admin).get(`/user/${UNKNOWN_ID}/guardians`);
    const del = await api(admin).delete(`/user/${child.id}/guardians/${UNKNOWN_ID}`);

    expect([post.status, post.body.error]).toEqual([404, CHILD_NOT_FOUND]);
    expect([get.status, get.body.error]).toEqual([404, CHILD_NOT_FOUND]);
    expect([del.status, del.body.error]).toEqual([404, GUARDIAN_NOT_FOUND]);
  });

  it('when others call, then only club admins and the coaches change guardians, and guardians also read them; signed out is 401', async () => {
    const { child, coach, guardian } = await family();
    const other = await family();
    const player = await userWithToken(h);
    const path = `/user/${child.id}/guardians`;
    const body = { email: `x-${randomUUID().slice(0, 6)}@club.test` };

    const reads = await Promise.all(
      [
        admin,
        coach.token,
        guardian.token,
        other.coach.token,
        other.guardian.token,
        player.token,
      ].map(async (token) => (await api(token).get(path)).status),
    );
    const writes = await Promise.all(
      [guardian.token, other.coach.token, other.guardian.token, player.token].map(async (token) => [
        (await api(token).post(path, body)).status,
        (await api(token).delete(`${path}/${guardian.user.id}`)).status,
      ]),
    );

    expect(reads).toEqual([200, 200, 200, 403, 403, 403]);
    expect(writes).toEqual(Array(4).fill([403, 403]));
    expect((await api().get(path)).status).toBe(401);
    expect((await api().post(path, body)).status).toBe(401);
    expect((await api().delete(`${path}/${guardian.user.id}`)).status).toBe(401);
    expect((await api(admin).get(path)).body.data).toHaveLength(1);
  });

  it("when a coach removes the last guardian of a child without a login, then it is done with a warning, and the child's event names none", async () => {
    const { child, coach, guardian } = await family();

    const res = await api(coach.token).delete(`/user/${child.id}/guardians/${guardian.user.id}`);
    const list = await api(admin).get(`/user/${child.id}/guardians`);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: GUARDIAN_REMOVED,
      warning: NO_GUARDIAN_WARNING,
    });
    expect(list.body).toEqual({ success: true, data: [], warning: NO_GUARDIAN_WARNING });
    expect((await newestEvent(child.id)).member?.guardians).toEqual([]);
    expect((await login(h, guardian.email, guardian.password)).user.children).toEqual([]);
  });

  it('when a second guardian remains, then no warning', async () => {
    const { child, guardian } = await family();
    const second = await userWithToken(h);
    await api(admin).post(`/user/${child.id}/guardians`, { email: second.email });

    const res = await api(admin).delete(`/user/${child.id}/guardians/${guardian.user.id}`);

    expect(res.body).toEqual({ success: true, message: GUARDIAN_REMOVED });
    expect((await newestEvent(child.id)).member?.guardians).toEqual([
      { userId: second.user.id, name: second.user.name, relation: null },
    ]);
  });

  it("when a guardian's name changes, then their child's event carries the new name", async () => {
    const { child, guardian } = await family();

    const res = await api(admin).put(`/user/profile/${guardian.user.id}`, {
      name: 'Renamed Parent',
    });

    expect(res.status).toBe(200);
    expect((await newestEvent(child.id)).member?.guardians).toEqual([
      { userId: guardian.user.id, name: 'Renamed Parent', relation: 'Mother' },
    ]);
  });

  it("when a guardian is deleted, then their child's event names them no more", async () => {
    const { child, guardian } = await family();

    expect((await api(admin).delete(`/user/${guardian.user.id}`)).status).toBe(200);

    expect((await newestEvent(child.id)).member?.guardians).toEqual([]);
  });
});

describe('GET /api/auth/me', () => {
  it('when a signed-in member is linked as a guardian, then their session read again names the child at once; unlinked, none', async () => {
    const { team } = await teamWithCoach();
    const child = await addChild(team.id);
    const member = await userWithToken(h, 'player', team.id);
    const before = await api(member.token).get('/auth/me');
    expect(before.status).toBe(200);
    expect(before.body.user).toMatchObject({ id: member.user.id, children: [] });

    await api(admin).post(`/user/${child.id}/guardians`, { email: member.email });

    const after = await api(member.token).get('/auth/me');
    expect(after.body.user).toMatchObject({
      id: member.user.id,
      email: member.email,
      mustChangePassword: false,
      children: [child.id],
    });
    await api(admin).delete(`/user/${child.id}/guardians/${member.user.id}`);
    expect((await api(member.token).get('/auth/me')).body.user.children).toEqual([]);
  });

  it('when signed out, then 401', async () => {
    expect((await api().get('/auth/me')).status).toBe(401);
  });
});

describe('POST /api/user/:childId/login', () => {
  it('when a club admin gives a child a login, then they are invited, sign in, and keep their guardians', async () => {
    const { child, guardian } = await family();
    const email = `grown-${randomUUID().slice(0, 6)}@club.test`;

    const res = await api(admin).post(`/user/${child.id}/login`, { email });

    expect(res.status).toBe(200);
    expect(res.body.message).toBe(LOGIN_GIVEN);
    expect(res.body.data).toMatchObject({ email, has_login: true, invitation_status: 'pending' });
    const [mail] = await invitationMailsTo(email);
    const session = await login(h, email, mail?.template === 'invitation' ? mail.tempPassword : '');
    expect(session.user).toMatchObject({ id: child.id, mustChangePassword: true, minor: true });
    expect((await newestEvent(child.id)).member).toMatchObject({
      email,
      hasLogin: true,
      guardians: [{ userId: guardian.user.id }],
    });
    const again = await api(admin).post(`/user/${child.id}/login`, { email: 'other@club.test' });
    expect([again.status, again.body.error]).toEqual([400, CHILD_HAS_LOGIN]);
  });

  it('when the address is taken or wrong, then 409 / 400; others 403, signed out 401, unknown 404', async () => {
    const { child, coach, guardian } = await family();
    const path = `/user/${child.id}/login`;

    const taken = await api(admin).post(path, { email: guardian.email });
    const bad = await api(admin).post(path, { email: 'nope' });
    const badId = await api(admin).post('/user/nope/login', { email: 'a@club.test' });
    const byCoach = await api(coach.token).post(path, { email: 'a@club.test' });
    const byGuardian = await api(guardian.token).post(path, { email: 'a@club.test' });
    const signedOut = await api().post(path, { email: 'a@club.test' });
    const unknown = await api(admin).post(`/user/${UNKNOWN_ID}/login`, { email: 'a@club.test' });

    expect([taken.status, taken.body.error]).toEqual([409, EMAIL_TAKEN]);
    expect([bad.status, bad.body.error]).toEqual([400, expect.stringMatching(/email/)]);
    expect([badId.status, badId.body.error]).toEqual([400, expect.stringMatching(/childId/)]);
    expect([byCoach.status, byGuardian.status, signedOut.status]).toEqual([403, 403, 401]);
    expect([unknown.status, unknown.body.error]).toEqual([404, CHILD_NOT_FOUND]);
  });
});

describe('privacy and lists', () => {
  it("when members list the directory, then a child's date of birth, phone and email go only to themselves, their guardians, their coaches and club admins", async () => {
    const { child, coach, guardian } = await family();
    await api(admin).put(`/user/profile/${child.id}`, { phone: '555-0100' });
    const other = await family();
    const player = await userWithToken(h);
    const entry = async (token: string) =>
      ((await api(token).get('/user/all')).body.data as User[]).find((u) => u.id === child.id);

    for (const token of [admin, coach.token, guardian.token]) {
      expect(await entry(token)).toMatchObject({
        date_of_birth: TEN_YEARS_OLD,
        phone: '555-0100',
        minor: true,
        has_login: false,
      });
    }
    for (const token of [player.token, other.coach.token, other.guardian.token]) {
      const seen = await entry(token);
      expect(seen).toMatchObject({ email: '', phone: null, minor: true, has_login: false });
      expect(seen).not.toHaveProperty('date_of_birth');
    }
    const team = (await api(player.token).get('/user/team')).body.data as User[];
    expect(team.find((u) => u.id === child.id)).toEqual({
      id: child.id,
      name: child.name,
      email: '',
    });
    const mine = ((await api(player.token).get('/user/all')).body.data as User[]).find(
      (u) => u.id === player.user.id,
    );
    expect(mine).toMatchObject({ date_of_birth: null, minor: false, has_login: true });
  });
});

describe('coming of age', () => {
  it('when the service starts, then the daily run is scheduled once, shortly after midnight club time', async () => {
    const queue = new Queue(COMING_OF_AGE_QUEUE, {
      connection: h.service.base.redis,
      prefix: `${h.prefix}bull`,
    });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers).toEqual([
        expect.objectContaining({ key: 'daily', pattern: COMING_OF_AGE_PATTERN }),
      ]);
    } finally {
      await queue.close();
    }
  });

  it('when a child reaches the adult age, then the daily run republishes them as an adult without guardians; the links stay', async () => {
    const tomorrow = nextDay(today());
    const { child, guardian } = await family();
    const turning = await addChild((await createTeam()).id, yearsBefore(tomorrow, ADULT_AGE));
    await api(admin).post(`/user/${turning.id}/guardians`, { email: guardian.email });

    expect(await h.service.deps.family.comingOfAge()).toBe(0);
    expect((await newestEvent(turning.id)).member).toMatchObject({ minor: true });
    const count = await h.service.deps.family.comingOfAge(new Date(Date.now() + DAY_MS));

    expect(count).toBeGreaterThanOrEqual(1);
    expect((await newestEvent(turning.id)).member).toMatchObject({
      minor: false,
      guardians: [],
    });
    expect((await newestEvent(child.id)).member?.guardians).toHaveLength(1);
    const links = await api(admin).get(`/user/${turning.id}/guardians`);
    expect(links.body.data).toHaveLength(1);
  });
});

describe("the club's adult age", () => {
  /** Content publishing the club's settings (queue `auth-branding`), as it does on every save. */
  // Each branding event later than the one before, whatever a test's own pace: one stamped by
  // the clock alone could be older than the last test's and be ignored as stale.
  let stamped = 0;
  const nextStamp = () => (stamped = Math.max(stamped + 1000, Date.now()));
  const branding = (adultAge: number | undefined, at = nextStamp()) =>
    h.queues.add(
      'auth-branding',
      { appTitle: DEFAULT_APP_TITLE, adultAge, updatedAt: new Date(at).toISOString() },
      randomUUID(),
    );
  const eventsAbout = async (userId: string) =>
    (await publishedJobs(h, 'members')).filter((e) => e.userId === userId).length;
  const minorInList = async (userId: string) =>
    ((await api(admin).get('/user/all')).body.data as User[]).find((u) => u.id === userId)?.minor;

  it('when the club lowers it to 17, then a 17-year-old is republished as an adult without guardians, and raising it back makes them a minor again', async () => {
    const { team, guardian } = await family();
    const seventeen = await addChild(team.id, yearsBefore(today(), 17));
    await api(admin).post(`/user/${seventeen.id}/guardians`, {
      email: guardian.email,
      relation: 'Father',
    });
    const ten = await addChild(team.id);
    expect((await newestEvent(seventeen.id)).member).toMatchObject({ minor: true });
    const tenEvents = await eventsAbout(ten.id);
    await branding(17);

    const adult = await eventually(async () => {
      const event = await newestEvent(seventeen.id);
      return event.member?.minor === false ? event : undefined;
    });
    expect(adult.member).toMatchObject({ minor: false, guardians: [] });
    expect(await minorInList(seventeen.id)).toBe(false);
    // Signed in again, the guardian's session names the ten-year-old only.
    const session = await login(h, guardian.email, guardian.password);
    expect(session.user.children).not.toContain(seventeen.id);
    // Nobody else's age changed: their snapshot is not sent again.
    expect(await eventsAbout(ten.id)).toBe(tenEvents);

    await branding(ADULT_AGE);

    const minor = await eventually(async () => {
      const event = await newestEvent(seventeen.id);
      return event.member?.minor === true ? event : undefined;
    });
    expect(minor.member?.guardians).toEqual([
      { userId: guardian.user.id, name: guardian.user.name, relation: 'Father' },
    ]);
    expect(await minorInList(seventeen.id)).toBe(true);
  });

  it("when the club's adult age is 17, then the daily run republishes a child on their 17th birthday", async () => {
    const tomorrow = nextDay(today());
    const { team } = await family();
    const turning = await addChild(team.id, yearsBefore(tomorrow, 17));
    await branding(17);
    await drained(h.service.base.queues.queue('auth-branding'));
    expect((await newestEvent(turning.id)).member).toMatchObject({ minor: true });

    const count = await h.service.deps.family.comingOfAge(new Date(Date.now() + DAY_MS));

    expect(count).toBeGreaterThanOrEqual(1);
    expect((await newestEvent(turning.id)).member).toMatchObject({ minor: false, guardians: [] });
    await branding(ADULT_AGE);
    await drained(h.service.base.queues.queue('auth-branding'));
  });

  it('when an older branding event arrives after a newer one, then the adult age it names is not taken', async () => {
    const { team } = await family();
    const seventeen = await addChild(team.id, yearsBefore(today(), 17));
    const before = await eventsAbout(seventeen.id);

    await branding(ADULT_AGE);
    await branding(16, stamped - 60_000);
    await drained(h.service.base.queues.queue('auth-branding'));

    expect(await minorInList(seventeen.id)).toBe(true);
    expect(await eventsAbout(seventeen.id)).toBe(before);
  });
});

const DAY_MS = 24 * 3600 * 1000;

function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
