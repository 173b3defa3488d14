import argon2 from 'argon2';
import request from 'supertest';
import { createUsersRepo } from '../../db/users.repo';
import { ADMIN, startAuth, userWithToken, type AuthHarness } from '../../../test/harness';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuth();
});
afterAll(async () => {
  await h.close();
});

describe('POST /api/auth/login', () => {
  it('when the credentials are right, then it returns a token and the user', async () => {
    const res = await request(h.server)
      .post('/api/auth/login')
      .send({ email: `  ${ADMIN.email.toUpperCase()} `, password: ADMIN.password });

    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.token).toBe('string');
    expect(res.body.user).toMatchObject({ email: ADMIN.email, role: 'admin', is_active: true });
    expect(res.body.user.password_hash).toBeUndefined();
    expect(res.body.user.passwordHash).toBeUndefined();
  });

  it('when the stored hash is from an older cost, then sign-in works and stores the current cost', async () => {
    const { user, email, password } = await userWithToken(h);
    const old = await argon2.hash(password, { type: argon2.argon2id });
    await createUsersRepo(h.service.base.db).replacePasswordHash(user.id, old);

    const res = await request(h.server).post('/api/auth/login').send({ email, password });

    expect(res.status).toBe(200);
    const stored = (await h.findUser(email))!.passwordHash!;
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await argon2.verify(stored, password)).toBe(true);
    const again = await request(h.server).post('/api/auth/login').send({ email, password });
    expect(again.status).toBe(200);
    expect((await h.findUser(email))!.passwordHash).toBe(stored);
  });

  it('when the password is wrong, then 401 "Invalid email or password"', async () => {
    const res = await request(h.server)
      .post('/api/auth/login')
      .send({ email: ADMIN.email, password: 'wrong-Pass1!' });

    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: 'Invalid email or password' });
  });

  it('when the account does not exist, then the same 401', async () => {
    const res = await request(h.server)
      .post('/api/auth/login')
      .send({ email: 'nobody@club.test', password: 'whatever' });

    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Invalid email or password');
  });

  it.each([
    [{ password: 'x' }, 'email'],
    [{ email: 'a@b.c' }, 'password'],
    [{ email: '', password: 'x' }, 'email'],
  ])('when a field is missing (%j), then 400 naming %s', async (body, field) => {
    const res = await request(h.server).post('/api/auth/login').send(body);

    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toContain(field);
  });

  it('when the body is malformed JSON, then 400 with a JSON error', async () => {
    const res = await request(h.server)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email": ');

    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Malformed JSON in request body');
  });

  it.each(['PATCH', 'DELETE', 'PUT'])(
    'when a route is asked with a method it lacks (%s), then 405 with the JSON error body',
    async (method) => {
      const res = await request(h.server)[method.toLowerCase() as 'patch' | 'delete' | 'put'](
        '/api/auth/login',
      );

      expect(res.status).toBe(405);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers.allow).toContain('POST');
      expect(res.body).toMatchObject({
        success: false,
        error: 'Method not allowed',
        code: 'method_not_allowed',
      });
    },
  );

  it('when the body is larger than the cap, then 413 with a JSON error', async () => {
    const res = await request(h.server)
      .post('/api/auth/login')
      .send({ email: 'a@b.c', password: 'x'.repeat(200_000) });

    expect(res.status).toBe(413);
    expect(res.body.success).toBe(false);
  });

  it.each(['/api/auth/login/', '/api/auth/LOGIN', '/api/AUTH/login'])(
    'when the path is spelled %s, then 404 (JSON) and no sign-in, so the throttle is not walked around',
    async (path) => {
      const res = await request(h.server).post(path).send(ADMIN);

      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toMatchObject({ success: false, code: 'not_found' });
      expect(res.body.token).toBeUndefined();
    },
  );
});

describe('POST /api/auth/logout', () => {
  it('when a signed-in user logs out, then that token is refused afterwards', async () => {
    const { token } = await userWithToken(h);
    const before = await request(h.server)
      .get('/api/user/team')
      .set('Authorization', `Bearer ${token}`);
    expect(before.status).toBe(200);

    const res = await request(h.server)
      .post('/api/auth/logout')
      .set('Authorization', `Bearer ${token}`);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const after = await request(h.server)
      .get('/api/user/team')
      .set('Authorization', `Bearer ${token}`);
    expect(after.status).toBe(401);
  });

  it('when no token is given, then 401', async () => {
    const res = await request(h.server).post('/api/auth/logout');

    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Authentication required. Please log in again.');
  });

  it('when the token is forged, then 401', async () => {
    const res = await request(h.server)
      .post('/api/auth/logout')
      .set('Authorization', 'Bearer not.a.token');

    expect(res.status).toBe(401);
  });
});

describe('service plumbing', () => {
  it('when /health and /ready are asked, then both answer ok', async () => {
    const health = await request(h.server).get('/health');
    const ready = await request(h.server).get('/ready');

    expect(health.status).toBe(200);
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ database: 'ok', redis: 'ok' });
  });

  it('when an unknown path is asked, then a JSON 404 with a request id', async () => {
    const res = await request(h.server).get('/api/auth/nope');

    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: 'Resource not found.' });
    expect(res.body.requestId).toEqual(res.headers['x-request-id']);
  });
});
