import request from 'supertest';
import { adminToken, startAuth, userWithToken, type AuthHarness } from '../../../test/harness';

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
  it('when an admin asks, then every user with coach notes is listed', async () => {
    await userWithToken(h, 'player');

    const res = await request(h.server).get('/api/user/all').set(auth(admin));

    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(2);
    expect(res.body.data[0]).toHaveProperty('coach_notes');
  });

  it('when a player asks, then 403', async () => {
    const { token } = await userWithToken(h, 'player');

    const res = await request(h.server).get('/api/user/all').set(auth(token));

    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Access denied. You do not have permission for this action.');
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

  it("when a weak password is given, then SPEC's message", async () => {
    const res = await request(h.server)
      .post('/api/user')
      .set(auth(admin))
      .send({ name: 'X', email: 'weak@club.test', password: 'weakpass' });

    expect(res.body.error).toBe('Password does not meet security requirements.');
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
