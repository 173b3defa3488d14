import request from 'supertest';
import {
  ADMIN,
  adminToken,
  bearer,
  login,
  publishedJobs,
  startAuth,
  userWithToken,
  type AuthHarness,
} from '../../../test/harness';

let h: AuthHarness;
let admin: string;
beforeAll(async () => {
  h = await startAuth();
  admin = await adminToken(h);
});
afterAll(async () => {
  await h.close();
});

const UNKNOWN_ID = '7f0c6b1e-1111-4a4a-9a9a-1234567890ab';
const memberEventsOf = async (userId: string) =>
  (await publishedJobs(h, 'members')).filter((e) => e.userId === userId);
const stillSignedIn = async (token: string) =>
  (await request(h.server).get('/api/user/team').set(bearer(token))).status === 200;

describe('PUT /api/user/profile (own card)', () => {
  it('when a player changes their phone, bio and nickname, then they are saved and published', async () => {
    const me = await userWithToken(h, 'player');

    const res = await request(h.server)
      .put('/api/user/profile')
      .set(bearer(me.token))
      .send({ phone: ' 555-0199 ', bio: 'Left winger', nickname: 'Zippy' });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      phone: '555-0199',
      bio: 'Left winger',
      nickname: 'Zippy',
    });
    expect(res.body.data).not.toHaveProperty('coach_notes');
    const events = await memberEventsOf(me.user.id);
    expect(events.at(-1)).toMatchObject({ kind: 'updated', member: { name: me.user.name } });
  });

  it('when a field is emptied, then it is cleared', async () => {
    const me = await userWithToken(h, 'player');
    await request(h.server).put('/api/user/profile').set(bearer(me.token)).send({ bio: 'x' });

    const res = await request(h.server)
      .put('/api/user/profile')
      .set(bearer(me.token))
      .send({ bio: '' });

    expect(res.body.data.bio).toBeNull();
  });

  it.each([
    [{ name: 'New Name' }],
    [{ email: 'me@else.test' }],
    [{ coach_notes: 'great' }],
    [{ role: 'admin' }],
    [{ bio: 'ok', position: 'Goalkeeper' }],
  ])(
    'when a player sends a field they may not change (%j), then 403 and nothing changes',
    async (body) => {
      const me = await userWithToken(h, 'player');

      const res = await request(h.server).put('/api/user/profile').set(bearer(me.token)).send(body);

      expect(res.status).toBe(403);
      const row = await h.findUser(me.email);
      expect(row).toMatchObject({ name: me.user.name, role: 'player', bio: null });
    },
  );

  it.each([[{}], [{ bio: 42 }], [{ nickname: 'x'.repeat(61) }]])(
    'when the input is bad (%j), then 400',
    async (body) => {
      const me = await userWithToken(h, 'player');
      const res = await request(h.server).put('/api/user/profile').set(bearer(me.token)).send(body);
      expect(res.status).toBe(400);
    },
  );

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).put('/api/user/profile').send({ bio: 'x' });
    expect(res.status).toBe(401);
  });
});

describe('PUT /api/user/profile/{id} (admin)', () => {
  it('when an admin edits a card, then every field is saved and the change is published', async () => {
    const player = await userWithToken(h, 'player');

    const res = await request(h.server)
      .put(`/api/user/profile/${player.user.id}`)
      .set(bearer(admin))
      .send({
        name: 'Sam Striker',
        email: 'Sam.Striker@Club.test',
        phone: '555-0100',
        position: 'Forward',
        bio: 'Scores',
        nickname: 'Sniper',
        coach_notes: 'Work on headers',
      });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Sam Striker',
      email: 'sam.striker@club.test',
      position: 'Forward',
      coach_notes: 'Work on headers',
    });
    expect((await memberEventsOf(player.user.id)).at(-1)).toMatchObject({
      kind: 'updated',
      member: { name: 'Sam Striker', email: 'sam.striker@club.test' },
    });
    expect(await stillSignedIn(player.token)).toBe(true);
  });

  it("when an admin changes someone's role, then they are signed out (their token carried the old role)", async () => {
    const player = await userWithToken(h, 'player');

    const res = await request(h.server)
      .put(`/api/user/profile/${player.user.id}`)
      .set(bearer(admin))
      .send({ role: 'admin' });

    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe('admin');
    expect(await stillSignedIn(player.token)).toBe(false);
    expect((await login(h, player.email, player.password)).user.role).toBe('admin');
  });

  it('when an admin deactivates someone, then all their sessions end, they cannot sign in, and they left', async () => {
    const player = await userWithToken(h, 'player');
    const second = await login(h, player.email, player.password);

    const res = await request(h.server)
      .put(`/api/user/profile/${player.user.id}`)
      .set(bearer(admin))
      .send({ is_active: false });

    expect(res.status).toBe(200);
    expect(await stillSignedIn(player.token)).toBe(false);
    expect(await stillSignedIn(second.token)).toBe(false);
    const again = await request(h.server)
      .post('/api/auth/login')
      .send({ email: player.email, password: player.password });
    expect(again.status).toBe(401);
    expect((await memberEventsOf(player.user.id)).at(-1)).toMatchObject({ kind: 'left' });

    await request(h.server)
      .put(`/api/user/profile/${player.user.id}`)
      .set(bearer(admin))
      .send({ is_active: true });
    expect((await memberEventsOf(player.user.id)).at(-1)).toMatchObject({ kind: 'joined' });
  });

  it('when the new email belongs to someone else, then 409', async () => {
    const a = await userWithToken(h, 'player');
    const b = await userWithToken(h, 'player');

    const res = await request(h.server)
      .put(`/api/user/profile/${a.user.id}`)
      .set(bearer(admin))
      .send({ email: b.email });

    expect(res.status).toBe(409);
    expect(res.body.error).toBe('A user with this email already exists');
  });

  it.each([
    [{}, undefined],
    [{ name: '  ' }, 'name'],
    [{ email: 'nope' }, 'email'],
    [{ role: 'coach' }, 'role'],
    [{ is_active: 'no' }, 'is_active'],
    [{ password: 'Hack!Pass1' }, undefined],
  ])('when the input is bad (%j), then 400', async (body, field) => {
    const player = await userWithToken(h, 'player');

    const res = await request(h.server)
      .put(`/api/user/profile/${player.user.id}`)
      .set(bearer(admin))
      .send(body);

    expect(res.status).toBe(400);
    if (field) expect(res.body.field).toBe(field);
  });

  it.each([
    ['an unknown id', UNKNOWN_ID, 404],
    ['a malformed id', 'abc', 400],
  ])('when the id is %s (%s), then %i', async (_what, id, status) => {
    const res = await request(h.server)
      .put(`/api/user/profile/${id}`)
      .set(bearer(admin))
      .send({ bio: 'x' });
    expect(res.status).toBe(status);
  });

  it("when a player edits someone else's card, or their own through the admin route, then 403", async () => {
    const me = await userWithToken(h, 'player');
    const other = await userWithToken(h, 'player');

    for (const id of [other.user.id, me.user.id]) {
      const res = await request(h.server)
        .put(`/api/user/profile/${id}`)
        .set(bearer(me.token))
        .send({ bio: 'hijack' });
      expect(res.status).toBe(403);
    }
    expect((await h.findUser(other.email))?.bio).toBeNull();
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).put(`/api/user/profile/${UNKNOWN_ID}`).send({ bio: 'x' });
    expect(res.status).toBe(401);
  });
});

describe('the admin guards', () => {
  it('when the only admin demotes, deactivates or deletes themself, then 400 "last administrator" and nothing changes', async () => {
    const solo = await startAuth();
    try {
      const soloAdmin = await adminToken(solo);
      const soloMe = (await solo.findUser(ADMIN.email))!;
      for (const call of [
        request(solo.server).put(`/api/user/profile/${soloMe.id}`).send({ role: 'player' }),
        request(solo.server).put(`/api/user/profile/${soloMe.id}`).send({ is_active: false }),
        request(solo.server).delete(`/api/user/${soloMe.id}`),
      ]) {
        const res = await call.set(bearer(soloAdmin));
        expect(res.status).toBe(400);
        expect(res.body.error).toBe(
          'The last administrator cannot be removed, deactivated or demoted.',
        );
      }
      expect(await solo.findUser(ADMIN.email)).toMatchObject({ role: 'admin', isActive: true });
    } finally {
      await solo.close();
    }
  });

  it('when an admin demotes, deactivates or deletes themself while another admin exists, then 400 naming why', async () => {
    const second = await userWithToken(h, 'admin');
    const cases: [object | 'delete', string][] = [
      [{ role: 'player' }, 'You cannot remove your own administrator role.'],
      [{ is_active: false }, 'You cannot deactivate your own account.'],
      ['delete', 'You cannot delete your own account.'],
    ];
    for (const [change, message] of cases) {
      const call =
        change === 'delete'
          ? request(h.server).delete(`/api/user/${second.user.id}`)
          : request(h.server).put(`/api/user/profile/${second.user.id}`).send(change);
      const res = await call.set(bearer(second.token));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect(await h.findUser(second.email)).toMatchObject({ role: 'admin', isActive: true });
  });

  it('when an admin demotes another admin, then it is allowed', async () => {
    const other = await userWithToken(h, 'admin');

    const res = await request(h.server)
      .put(`/api/user/profile/${other.user.id}`)
      .set(bearer(admin))
      .send({ role: 'player' });

    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe('player');
  });
});

describe('DELETE /api/user/{id}', () => {
  it('when an admin deletes a user, then their open sessions end at once, they cannot sign in, and they left', async () => {
    const player = await userWithToken(h, 'player');
    const phone = await login(h, player.email, player.password);

    const res = await request(h.server).delete(`/api/user/${player.user.id}`).set(bearer(admin));

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await stillSignedIn(player.token)).toBe(false);
    expect(await stillSignedIn(phone.token)).toBe(false);
    expect(await h.findUser(player.email)).toBeUndefined();
    expect((await memberEventsOf(player.user.id)).at(-1)).toMatchObject({ kind: 'left' });
    // The events service keeps members too, from a queue of its own.
    const forEvents = (await publishedJobs(h, 'events-members')).filter(
      (e) => e.userId === player.user.id,
    );
    expect(forEvents.map((e) => e.kind)).toEqual(
      (await memberEventsOf(player.user.id)).map((e) => e.kind),
    );
    expect(forEvents.at(-1)).toMatchObject({ kind: 'left' });
    const again = await request(h.server).delete(`/api/user/${player.user.id}`).set(bearer(admin));
    expect(again.status).toBe(404);
  });

  it.each([
    ['an unknown id', UNKNOWN_ID, 404],
    ['a malformed id', '123', 400],
  ])('when the id is %s (%s), then %i', async (_what, id, status) => {
    const res = await request(h.server).delete(`/api/user/${id}`).set(bearer(admin));
    expect(res.status).toBe(status);
  });

  it('when a player tries, then 403 and the user stays', async () => {
    const me = await userWithToken(h, 'player');
    const other = await userWithToken(h, 'player');

    const res = await request(h.server).delete(`/api/user/${other.user.id}`).set(bearer(me.token));

    expect(res.status).toBe(403);
    expect(await h.findUser(other.email)).toBeDefined();
  });

  it('when nobody is signed in, then 401', async () => {
    expect((await request(h.server).delete(`/api/user/${UNKNOWN_ID}`)).status).toBe(401);
  });
});

describe('the member list at start', () => {
  it('when auth starts, then every active member is announced on each member queue', async () => {
    const announced = async (queue: 'members' | 'events-members') =>
      (await publishedJobs(h, queue)).filter((e) => e.kind === 'updated' && e.member?.email);

    // The harness's auth started with the seeded admin as its only member.
    expect((await announced('members')).map((e) => e.member?.email)).toContain(ADMIN.email);
    expect((await announced('events-members')).map((e) => e.member?.email)).toContain(ADMIN.email);
  });
});
