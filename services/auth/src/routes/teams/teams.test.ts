import { randomUUID } from 'node:crypto';
import {
  DEFAULT_APP_TITLE,
  TEAM_COACH_ONLY,
  TEAM_COACHES_BY_ADMIN,
  TEAM_MEMBER_NOT_FOUND,
  TEAM_NAME_TAKEN,
  TEAM_NOT_FOUND,
  type Team,
  type TeamMembership,
} from '@teamapp/contracts';
import { eventually } from '@teamapp/service-kit/testing';
import { sql, type SQL } from 'drizzle-orm';
import request from 'supertest';
import {
  ADMIN,
  adminToken,
  bearer,
  invite,
  publishedJobs,
  startAuth,
  userWithToken,
  type AuthHarness,
} from '../../../test/harness';

let h: AuthHarness;
let admin: string;
let adminId: string;
beforeAll(async () => {
  h = await startAuth();
  admin = await adminToken(h);
  adminId = (await h.findUser(ADMIN.email))!.id;
});
afterAll(async () => {
  await h.close();
});

const UNKNOWN_ID = '7f0c6b1e-1111-4a4a-9a9a-1234567890ab';
const api = (token: string) => ({
  get: (path: string) => request(h.server).get(`/api${path}`).set(bearer(token)),
  post: (path: string, body: object) =>
    request(h.server).post(`/api${path}`).set(bearer(token)).send(body),
  put: (path: string, body: object) =>
    request(h.server).put(`/api${path}`).set(bearer(token)).send(body),
  delete: (path: string) => request(h.server).delete(`/api${path}`).set(bearer(token)),
});

let named = 0;
const uniqueName = (what = 'Team') => `${what} ${++named} ${randomUUID().slice(0, 6)}`;

async function createTeam(name = uniqueName()): Promise<Team> {
  const res = await api(admin).post('/teams', { name });
  if (res.status !== 201) throw new Error(`create team: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.team as Team;
}

async function putMember(teamId: string, userId: string, role: 'coach' | 'player') {
  const res = await api(admin).put(`/teams/${teamId}/members/${userId}`, { role });
  if (res.status !== 200) throw new Error(`put member: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A team with a coach (a club player) and a player, each signed in. */
async function teamWithCoach() {
  const team = await createTeam();
  const coach = await userWithToken(h, 'player', team.id);
  await putMember(team.id, coach.user.id, 'coach');
  const player = await userWithToken(h, 'player', team.id);
  return { team, coach, player };
}

/** Rows straight from a harness's database. */
const rowsOf = async <T>(harness: AuthHarness, query: SQL) =>
  ((await harness.service.base.db.execute(query)) as unknown as { rows: T[] }).rows;

const membershipsInDb = (userId: string) =>
  rowsOf<{ team_id: string; role: string }>(
    h,
    sql`select team_id, role from auth.team_members where user_id = ${userId} order by team_id`,
  );

/** The newest member event about the user, on every member queue alike. */
async function lastMemberEvent(userId: string) {
  const events = (await publishedJobs(h, 'members')).filter((e) => e.userId === userId);
  const elsewhere = (await publishedJobs(h, 'events-members')).filter((e) => e.userId === userId);
  expect(elsewhere.length).toBe(events.length);
  return events.at(-1);
}

const teamsOf = (event: Awaited<ReturnType<typeof lastMemberEvent>>): TeamMembership[] =>
  [...(event?.member?.teams ?? [])].sort((a, b) => a.teamId.localeCompare(b.teamId));

const teamEventsOf = async (teamId: string) => {
  const perQueue = await Promise.all(
    (['events-teams', 'chat-teams', 'content-teams'] as const).map(async (q) =>
      (await publishedJobs(h, q)).filter((e) => e.teamId === teamId),
    ),
  );
  expect(perQueue[1]).toEqual(perQueue[0]);
  expect(perQueue[2]).toEqual(perQueue[0]);
  return perQueue[0]!;
};

describe('the first team', () => {
  it('when auth starts with no team, then one named after the club holds the admin as its coach and is announced', async () => {
    const res = await api(admin).get('/teams');

    expect(res.status).toBe(200);
    const first = (res.body.teams as Team[]).find((t) => t.name === DEFAULT_APP_TITLE);
    expect(first).toMatchObject({ archived: false, myRole: 'coach', memberCount: 1 });
    expect(first!.coaches).toEqual([{ userId: adminId, name: expect.any(String) }]);
    expect((await teamEventsOf(first!.id))[0]).toMatchObject({
      team: { name: DEFAULT_APP_TITLE, archived: false },
    });
    expect(teamsOf(await lastMemberEvent(adminId))).toEqual([{ teamId: first!.id, role: 'coach' }]);
  });

  it('when the club title arrives, then the team named after the club takes it until an admin renames it', async () => {
    const first = ((await api(admin).get('/teams')).body.teams as Team[]).find(
      (t) => t.name === DEFAULT_APP_TITLE,
    )!;
    const branding = (appTitle: string, at: number) =>
      h.queues.add(
        'auth-branding',
        { appTitle, updatedAt: new Date(at).toISOString() },
        randomUUID(),
      );
    const nameOfFirst = async () =>
      ((await api(admin).get(`/teams/${first.id}/members`)).body.team as Team).name;

    await branding('Riverside FC', Date.now());
    await eventually(async () => (await nameOfFirst()) === 'Riverside FC', {
      what: 'the first team renamed after the club',
    });
    expect((await teamEventsOf(first.id)).at(-1)).toMatchObject({
      team: { name: 'Riverside FC' },
    });

    await api(admin).put(`/teams/${first.id}`, { name: 'Riverside Seniors' });
    await branding('Harbour FC', Date.now() + 1000);
    await eventually(async () => {
      const [row] = await rowsOf<{ app_title: string }>(
        h,
        sql`select app_title from auth.branding`,
      );
      return row?.app_title === 'Harbour FC';
    });
    expect(await nameOfFirst()).toBe('Riverside Seniors');
  });
});

describe('POST /api/teams', () => {
  it('when an admin creates a team, then it is answered, listed by name and published to every team queue', async () => {
    const name = uniqueName('Aardvarks');
    const res = await api(admin).post('/teams', { name: `  ${name} `, colour: '#c92a2a' });

    expect(res.status).toBe(201);
    expect(res.body.team).toMatchObject({
      name,
      colour: '#c92a2a',
      public: false,
      archived: false,
      memberCount: 0,
      coaches: [],
      myRole: null,
    });
    const list = (await api(admin).get('/teams')).body.teams as Team[];
    const names = list.map((t) => t.name);
    expect(names).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(names).toContain(name);
    expect(await teamEventsOf(res.body.team.id)).toEqual([
      expect.objectContaining({
        team: { name, colour: '#c92a2a', public: false, archived: false },
      }),
    ]);
  });

  it('when the name is blank, then 400 naming name and nothing is written', async () => {
    const before = (await api(admin).get('/teams')).body.teams.length;

    const res = await api(admin).post('/teams', { name: '   ' });

    expect(res.status).toBe(400);
    expect(res.body.error).toContain('name');
    expect((await api(admin).get('/teams')).body.teams.length).toBe(before);
  });

  it('when an active team has the name in another case, then 409 and nothing is written', async () => {
    const team = await createTeam();
    const before = (await api(admin).get('/teams')).body.teams.length;

    const res = await api(admin).post('/teams', { name: team.name.toUpperCase() });

    expect(res.status).toBe(409);
    expect(res.body.error).toBe(TEAM_NAME_TAKEN);
    expect((await api(admin).get('/teams')).body.teams.length).toBe(before);
  });

  it('when a player (even a coach) creates a team, then 403', async () => {
    const { coach } = await teamWithCoach();

    const res = await api(coach.token).post('/teams', { name: uniqueName() });

    expect(res.status).toBe(403);
  });
});

describe('PUT /api/teams/:id', () => {
  it('when an admin renames and recolours a team, then it is saved and published', async () => {
    const team = await createTeam();
    const name = uniqueName('Renamed');

    const res = await api(admin).put(`/teams/${team.id}`, {
      name,
      colour: '#2b7a3e',
      public: true,
    });

    expect(res.status).toBe(200);
    expect(res.body.team).toMatchObject({ name, colour: '#2b7a3e', public: true });
    expect((await teamEventsOf(team.id)).at(-1)).toMatchObject({
      team: { name, colour: '#2b7a3e', public: true },
    });
  });

  it('when the new name is another active team’s, then 409 and the team is unchanged', async () => {
    const [a, b] = [await createTeam(), await createTeam()];

    const res = await api(admin).put(`/teams/${b.id}`, { name: a.name.toLowerCase() });

    expect(res.status).toBe(409);
    expect(res.body.error).toBe(TEAM_NAME_TAKEN);
    expect((await api(admin).get(`/teams/${b.id}/members`)).body.team.name).toBe(b.name);
  });

  it('when the team is unknown, then 404', async () => {
    const res = await api(admin).put(`/teams/${UNKNOWN_ID}`, { name: uniqueName() });

    expect(res.status).toBe(404);
    expect(res.body.error).toBe(TEAM_NOT_FOUND);
  });
});

describe('DELETE /api/teams/:id (archive)', () => {
  it('when an admin archives a team, then it leaves the list, admins still list it with archived=true, its name is free and it takes no members', async () => {
    const { team, player } = await teamWithCoach();

    const res = await api(admin).delete(`/teams/${team.id}`);

    expect(res.status).toBe(200);
    expect(res.body.team).toMatchObject({ archived: true });
    expect((await teamEventsOf(team.id)).at(-1)).toMatchObject({ team: { archived: true } });
    const ids = (r: request.Response) => (r.body.teams as Team[]).map((t) => t.id);
    expect(ids(await api(admin).get('/teams'))).not.toContain(team.id);
    expect(ids(await api(player.token).get('/teams?archived=true'))).not.toContain(team.id);
    expect(ids(await api(admin).get('/teams?archived=true'))).toContain(team.id);
    expect((await api(admin).post('/teams', { name: team.name })).status).toBe(201);
    const put = await api(admin).put(`/teams/${team.id}/members/${player.user.id}`, {
      role: 'player',
    });
    expect(put.status).toBe(404);
    expect(put.body.error).toBe(TEAM_NOT_FOUND);
  });

  it('when the team is unknown, then 404', async () => {
    expect((await api(admin).delete(`/teams/${UNKNOWN_ID}`)).status).toBe(404);
  });
});

describe('GET /api/teams', () => {
  it('when a member lists the teams, then each comes with its size, coaches and their own role', async () => {
    const { team, coach, player } = await teamWithCoach();

    const mine = ((await api(player.token).get('/teams')).body.teams as Team[]).find(
      (t) => t.id === team.id,
    );
    const coachView = ((await api(coach.token).get('/teams')).body.teams as Team[]).find(
      (t) => t.id === team.id,
    );

    expect(mine).toMatchObject({
      memberCount: 2,
      myRole: 'player',
      coaches: [{ userId: coach.user.id, name: coach.user.name }],
    });
    expect(coachView?.myRole).toBe('coach');
  });

  it('when archived is neither true nor false, then 400 naming archived', async () => {
    const res = await api(admin).get('/teams?archived=maybe');

    expect(res.status).toBe(400);
    expect(res.body.error).toContain('archived');
  });
});

describe('GET /api/teams/:id/members', () => {
  it('when a member of the team or an admin asks, then the roster comes, coaches first', async () => {
    const { team, coach, player } = await teamWithCoach();

    for (const token of [admin, coach.token, player.token]) {
      const res = await api(token).get(`/teams/${team.id}/members`);
      expect(res.status).toBe(200);
      expect(res.body.team.id).toBe(team.id);
      expect(res.body.members).toEqual([
        { userId: coach.user.id, name: coach.user.name, profilePicture: null, role: 'coach' },
        { userId: player.user.id, name: player.user.name, profilePicture: null, role: 'player' },
      ]);
    }
  });

  it('when someone outside the team asks, then 403; an unknown team is 404', async () => {
    const { team } = await teamWithCoach();
    const { coach: otherCoach } = await teamWithCoach();

    expect((await api(otherCoach.token).get(`/teams/${team.id}/members`)).status).toBe(403);
    const unknown = await api(admin).get(`/teams/${UNKNOWN_ID}/members`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(TEAM_NOT_FOUND);
  });
});

describe('PUT and DELETE /api/teams/:id/members/:userId', () => {
  it('when an admin adds a member, changes their role and removes them, then each change is published with their full memberships', async () => {
    const { team } = await teamWithCoach();
    const other = await createTeam();
    const member = await userWithToken(h, 'player', other.id);

    const put = await api(admin).put(`/teams/${team.id}/members/${member.user.id}`, {
      role: 'player',
    });
    expect(put.status).toBe(200);
    expect(put.body.member).toEqual({
      userId: member.user.id,
      name: member.user.name,
      profilePicture: null,
      role: 'player',
    });
    expect(teamsOf(await lastMemberEvent(member.user.id))).toEqual(
      [
        { teamId: team.id, role: 'player' },
        { teamId: other.id, role: 'player' },
      ].sort((a, b) => a.teamId.localeCompare(b.teamId)),
    );

    await putMember(team.id, member.user.id, 'coach');
    expect(
      teamsOf(await lastMemberEvent(member.user.id)).find((m) => m.teamId === team.id),
    ).toEqual({ teamId: team.id, role: 'coach' });

    const removed = await api(admin).delete(`/teams/${team.id}/members/${member.user.id}`);
    expect(removed.status).toBe(200);
    expect(await lastMemberEvent(member.user.id)).toMatchObject({
      kind: 'updated',
      member: { teams: [{ teamId: other.id, role: 'player' }] },
    });
  });

  it('when a member is put in several teams at once, then the member event stamped last holds every membership', async () => {
    const teams = await Promise.all(Array.from({ length: 6 }, () => createTeam()));
    const member = await userWithToken(h, 'player', teams[0]!.id);

    await Promise.all(teams.slice(1).map((team) => putMember(team.id, member.user.id, 'player')));

    // Consumers keep the event with the latest `at`, whatever order the queue delivers them in.
    const events = (await publishedJobs(h, 'members')).filter((e) => e.userId === member.user.id);
    const newest = [...events].sort((a, b) => (a.at ?? '').localeCompare(b.at ?? '')).at(-1);
    expect(teamsOf(newest).map((m) => m.teamId)).toEqual(
      teams.map((t) => t.id).sort((a, b) => a.localeCompare(b)),
    );
  });

  it('when a coach adds and removes a player of their team, then it is done', async () => {
    const { team, coach } = await teamWithCoach();
    const newcomer = await userWithToken(h, 'player', (await createTeam()).id);

    const put = await api(coach.token).put(`/teams/${team.id}/members/${newcomer.user.id}`, {
      role: 'player',
    });
    const del = await api(coach.token).delete(`/teams/${team.id}/members/${newcomer.user.id}`);

    expect([put.status, del.status]).toEqual([200, 200]);
    expect(await membershipsInDb(newcomer.user.id)).toHaveLength(1);
  });

  it('when a coach makes a player a coach, or changes or removes a coach, then 403 and nothing changes', async () => {
    const { team, coach, player } = await teamWithCoach();
    const second = await userWithToken(h, 'player', team.id);
    await putMember(team.id, second.user.id, 'coach');
    const eventsBefore = (await publishedJobs(h, 'members')).length;

    const promote = await api(coach.token).put(`/teams/${team.id}/members/${player.user.id}`, {
      role: 'coach',
    });
    const demote = await api(coach.token).put(`/teams/${team.id}/members/${second.user.id}`, {
      role: 'player',
    });
    const remove = await api(coach.token).delete(`/teams/${team.id}/members/${second.user.id}`);

    for (const res of [promote, demote, remove]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(TEAM_COACHES_BY_ADMIN);
    }
    expect(await membershipsInDb(player.user.id)).toEqual([{ team_id: team.id, role: 'player' }]);
    expect(await membershipsInDb(second.user.id)).toEqual([{ team_id: team.id, role: 'coach' }]);
    expect((await publishedJobs(h, 'members')).length).toBe(eventsBefore);
  });

  it('when a player of the team or a coach of another team changes the roster, then 403', async () => {
    const { team, player } = await teamWithCoach();
    const { coach: otherCoach } = await teamWithCoach();
    const target = await userWithToken(h, 'player', (await createTeam()).id);

    for (const token of [player.token, otherCoach.token]) {
      const res = await api(token).put(`/teams/${team.id}/members/${target.user.id}`, {
        role: 'player',
      });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(TEAM_COACH_ONLY);
      expect((await api(token).delete(`/teams/${team.id}/members/${player.user.id}`)).status).toBe(
        403,
      );
    }
    expect(await membershipsInDb(target.user.id)).toHaveLength(1);
  });

  it('when the member is unknown, inactive, or not in the team, then 404 and nothing is written', async () => {
    const { team } = await teamWithCoach();
    const inactive = await userWithToken(h, 'player', team.id);
    await api(admin).put(`/user/profile/${inactive.user.id}`, { is_active: false });
    const outsider = await userWithToken(h, 'player', (await createTeam()).id);

    const unknown = await api(admin).put(`/teams/${team.id}/members/${UNKNOWN_ID}`, {
      role: 'player',
    });
    const gone = await api(admin).put(`/teams/${team.id}/members/${inactive.user.id}`, {
      role: 'player',
    });
    const notIn = await api(admin).delete(`/teams/${team.id}/members/${outsider.user.id}`);

    for (const res of [unknown, gone, notIn]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(TEAM_MEMBER_NOT_FOUND);
    }
    expect(await membershipsInDb(inactive.user.id)).toEqual([]);
  });

  it('when the team is unknown, then 404; when the role is not a team role, then 400 naming role', async () => {
    const member = await userWithToken(h, 'player', (await createTeam()).id);

    const unknown = await api(admin).put(`/teams/${UNKNOWN_ID}/members/${member.user.id}`, {
      role: 'player',
    });
    const bad = await api(admin).put(`/teams/${UNKNOWN_ID}/members/${member.user.id}`, {
      role: 'captain',
    });

    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(TEAM_NOT_FOUND);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('role');
  });
});

describe('joining and leaving the club', () => {
  it('when an account is made or an invitation sent naming a team, then the member joins it as a player', async () => {
    const team = await createTeam();

    const created = await api(admin).post('/user', {
      name: 'Tess Teamed',
      email: `tess-${randomUUID()}@club.test`,
      password: 'Tess!Pass2026x',
      teamId: team.id,
    });
    const invited = await invite(h, admin, { teamId: team.id, role: 'admin' });

    expect(created.status).toBe(201);
    expect(await membershipsInDb(created.body.data.id)).toEqual([
      { team_id: team.id, role: 'player' },
    ]);
    expect(await membershipsInDb(invited.user.id)).toEqual([{ team_id: team.id, role: 'player' }]);
    expect(teamsOf(await lastMemberEvent(invited.user.id))).toEqual([
      { teamId: team.id, role: 'player' },
    ]);
  });

  it('when the named team is unknown or archived, then 404 and no account is made', async () => {
    const archived = await createTeam();
    await api(admin).delete(`/teams/${archived.id}`);

    for (const teamId of [UNKNOWN_ID, archived.id]) {
      const email = `nobody-${randomUUID()}@club.test`;
      const res = await api(admin).post('/email/send-invitation', {
        email,
        firstName: 'No',
        lastName: 'Body',
        teamId,
      });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(TEAM_NOT_FOUND);
      expect(await h.findUser(email)).toBeUndefined();
    }
  });

  it('when a member is deactivated, then they leave every team at once; reactivated with several teams, they join none', async () => {
    const { team, player } = await teamWithCoach();
    await putMember((await createTeam()).id, player.user.id, 'coach');

    await api(admin).put(`/user/profile/${player.user.id}`, { is_active: false });
    expect(await membershipsInDb(player.user.id)).toEqual([]);
    expect((await lastMemberEvent(player.user.id))?.kind).toBe('left');
    const roster = await api(admin).get(`/teams/${team.id}/members`);
    expect(roster.body.members.map((m: { userId: string }) => m.userId)).not.toContain(
      player.user.id,
    );

    await api(admin).put(`/user/profile/${player.user.id}`, { is_active: true });
    expect(await membershipsInDb(player.user.id)).toEqual([]);
    expect(await lastMemberEvent(player.user.id)).toMatchObject({
      kind: 'joined',
      member: { teams: [] },
    });
  });

  it('when a member is deleted, then their memberships go with them', async () => {
    const { team, player } = await teamWithCoach();

    expect((await api(admin).delete(`/user/${player.user.id}`)).status).toBe(200);

    expect(await membershipsInDb(player.user.id)).toEqual([]);
    expect((await api(admin).get(`/teams/${team.id}/members`)).body.members).toHaveLength(1);
  });
});

describe('POST /api/email/send-invitation by a coach', () => {
  const invitation = (teamId?: string) => ({
    email: `coached-${randomUUID()}@club.test`,
    firstName: 'Cam',
    lastName: 'Coached',
    ...(teamId ? { teamId } : {}),
  });

  it('when a coach invites into their team, then the new member joins it as a player', async () => {
    const { team, coach } = await teamWithCoach();

    const res = await api(coach.token).post('/email/send-invitation', invitation(team.id));

    expect(res.status).toBe(201);
    expect(await membershipsInDb(res.body.data.id)).toEqual([{ team_id: team.id, role: 'player' }]);
  });

  it('when a coach names no team, then 400 naming teamId and nothing is made', async () => {
    const { coach } = await teamWithCoach();
    const body = invitation();

    const res = await api(coach.token).post('/email/send-invitation', body);

    expect(res.status).toBe(400);
    expect(res.body.error).toContain('teamId');
    expect(await h.findUser(body.email)).toBeUndefined();
  });

  it('when a coach invites into a team they do not coach, or invites an admin, then 403 and nothing is made', async () => {
    const { team, coach, player } = await teamWithCoach();
    const { team: otherTeam } = await teamWithCoach();
    const attempts = [
      { token: coach.token, body: invitation(otherTeam.id) },
      { token: coach.token, body: { ...invitation(team.id), role: 'admin' } },
      { token: player.token, body: invitation(team.id) },
    ];

    for (const { token, body } of attempts) {
      const res = await api(token).post('/email/send-invitation', body);
      expect(res.status).toBe(403);
      expect(await h.findUser(body.email)).toBeUndefined();
    }
  });
});

describe('with exactly one team in the club', () => {
  let one: AuthHarness;
  let oneAdmin: string;
  beforeAll(async () => {
    one = await startAuth();
    oneAdmin = await adminToken(one);
  });
  afterAll(async () => {
    await one.close();
  });

  it('when a member joins without naming a team, then they join the only team (an admin as its coach), and rejoin it when reactivated', async () => {
    const [team] = (await request(one.server).get('/api/teams').set(bearer(oneAdmin))).body
      .teams as Team[];

    const player = await userWithToken(one, 'player');
    const secondAdmin = await userWithToken(one, 'admin');
    const invited = await invite(one, oneAdmin);
    const rolesIn = async (userId: string) =>
      (
        await rowsOf<{ role: string }>(
          one,
          sql`select role from auth.team_members where user_id = ${userId} and team_id = ${team!.id}`,
        )
      ).map((r) => r.role);

    expect(await rolesIn(player.user.id)).toEqual(['player']);
    expect(await rolesIn(secondAdmin.user.id)).toEqual(['coach']);
    expect(await rolesIn(invited.user.id)).toEqual(['player']);

    const profile = (active: boolean) =>
      request(one.server)
        .put(`/api/user/profile/${player.user.id}`)
        .set(bearer(oneAdmin))
        .send({ is_active: active });
    await profile(false);
    expect(await rolesIn(player.user.id)).toEqual([]);
    await profile(true);
    expect(await rolesIn(player.user.id)).toEqual(['player']);
  });
});
