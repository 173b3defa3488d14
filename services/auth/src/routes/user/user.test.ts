import request from 'supertest';
import {
  adminToken,
  invite,
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

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('GET /api/user/team', () => {
  it('when a player asks, then it lists active members with id, name and email only', async () => {
    const { token, email } = await userWithToken(h, 'player');

    const res = await request(h.server).get('/api/user/team').set(auth(token));

    expect(res.status).toBe(200);
    const me = res.body.data.find((u: { email: string }) => u.email === email);
    expect(Object.keys(me).sort()).toEqual(['email', 'id', 'name']);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).get('/api/user/team');
    expect(res.status).toBe(401);
  });
});

describe('GET /api/user/all', () => {
  it('when an admin asks, then every user is listed with coach notes and invitation state, never a password', async () => {
    const player = await userWithToken(h, 'player');
    const invitee = await invite(h, admin);
    await request(h.server)
      .put(`/api/user/profile/${player.user.id}`)
      .set(auth(admin))
      .send({ coach_notes: 'Strong left foot' });

    const res = await request(h.server).get('/api/user/all').set(auth(admin));

    expect(res.status).toBe(200);
    const byEmail = (email: string) =>
      res.body.data.find((u: { email: string }) => u.email === email);
    expect(byEmail(player.email)).toMatchObject({
      coach_notes: 'Strong left foot',
      invitation_status: null,
    });
    expect(byEmail(invitee.email)).toMatchObject({ invitation_status: 'pending' });
    expect(byEmail(invitee.email).invitation_expires_at).toMatch(/^\d{4}-/);
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/password/i);
    expect(text).not.toContain(invitee.tempPassword);
  });

  it('when an admin asks, then deactivated users are listed too', async () => {
    const gone = await userWithToken(h, 'player');
    await request(h.server)
      .put(`/api/user/profile/${gone.user.id}`)
      .set(auth(admin))
      .send({ is_active: false });

    const res = await request(h.server).get('/api/user/all').set(auth(admin));

    expect(res.body.data.find((u: { id: string }) => u.id === gone.user.id)).toMatchObject({
      is_active: false,
    });
  });

  it('when a player asks, then only active members come back, without coach notes or invitation state', async () => {
    const noted = await userWithToken(h, 'player');
    await request(h.server)
      .put(`/api/user/profile/${noted.user.id}`)
      .set(auth(admin))
      .send({ coach_notes: 'Needs work on defence', phone: '555-0101' });
    const gone = await userWithToken(h, 'player');
    await request(h.server)
      .put(`/api/user/profile/${gone.user.id}`)
      .set(auth(admin))
      .send({ is_active: false });
    const { token } = await userWithToken(h, 'player');

    const res = await request(h.server).get('/api/user/all').set(auth(token));

    expect(res.status).toBe(200);
    const ids = res.body.data.map((u: { id: string }) => u.id);
    expect(ids).toContain(noted.user.id);
    expect(ids).not.toContain(gone.user.id);
    const entry = res.body.data.find((u: { id: string }) => u.id === noted.user.id);
    expect(entry.phone).toBe('555-0101');
    expect(Object.keys(entry).sort()).toEqual(
      [
        'bio',
        'created_at',
        'email',
        // Families: whether they have a login and are a minor, for every viewer; another
        // member's date of birth only for those who may read it (family.test.ts).
        'has_login',
        'id',
        'is_active',
        'minor',
        'name',
        'nickname',
        'phone',
        'position',
        'profile_picture',
        'role',
      ].sort(),
    );
    expect(JSON.stringify(res.body)).not.toContain('Needs work on defence');
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).get('/api/user/all');
    expect(res.status).toBe(401);
  });
});

describe('POST /api/user', () => {
  it('when an admin creates a player, then the player can sign in', async () => {
    const body = {
      name: 'Sam Striker',
      email: 'Sam@Club.test',
      role: 'player',
      password: 'Strong!Pass9',
    };

    const res = await request(h.server).post('/api/user').set(auth(admin)).send(body);

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Sam Striker',
      email: 'sam@club.test',
      role: 'player',
    });
    const login = await request(h.server)
      .post('/api/auth/login')
      .send({ email: 'sam@club.test', password: 'Strong!Pass9' });
    expect(login.status).toBe(200);
  });

  it('when the email is taken, then 409', async () => {
    const { email } = await userWithToken(h, 'player');

    const res = await request(h.server)
      .post('/api/user')
      .set(auth(admin))
      .send({ name: 'Dup', email, password: 'Strong!Pass9' });

    expect(res.status).toBe(409);
    expect(res.body.error).toBe('A user with this email already exists');
  });

  it.each([
    [{ email: 'x@club.test', password: 'Strong!Pass9' }, 'name'],
    [{ name: 'X', email: 'not-an-email', password: 'Strong!Pass9' }, 'email'],
    [{ name: 'X', email: 'y@club.test', password: 'weak' }, 'password'],
    [{ name: 'X', email: 'z@club.test', password: 'Strong!Pass9', role: 'coach' }, 'role'],
  ])('when the input is bad (%j), then 400 naming %s', async (body, field) => {
    const res = await request(h.server).post('/api/user').set(auth(admin)).send(body);

    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });

  it("when a weak password is given, then the reference's message", async () => {
    const res = await request(h.server)
      .post('/api/user')
      .set(auth(admin))
      .send({ name: 'X', email: 'weak@club.test', password: 'weakpass' });

    expect(res.body.error).toBe('Password does not meet security requirements.');
  });

  it('when a common password is given, then 400 with the hint and nothing is created', async () => {
    const res = await request(h.server)
      .post('/api/user')
      .set(auth(admin))
      .send({ name: 'X', email: 'common@club.test', password: 'Password1!' });

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      error: 'Password does not meet security requirements.',
      code: 'common_password',
      field: 'password',
      hint: 'This password is too common. Choose one that is harder to guess.',
    });
    expect(await h.findUser('common@club.test')).toBeUndefined();
  });

  it('when a player tries, then 403 and nothing is created', async () => {
    const { token } = await userWithToken(h, 'player');

    const res = await request(h.server)
      .post('/api/user')
      .set(auth(token))
      .send({ name: 'Sneaky', email: 'sneaky@club.test', password: 'Strong!Pass9' });

    expect(res.status).toBe(403);
    expect(await h.findUser('sneaky@club.test')).toBeUndefined();
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).post('/api/user').send({});
    expect(res.status).toBe(401);
  });
});
