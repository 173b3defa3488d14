/**
 * The admin seeded at start: without ADMIN_EMAIL and ADMIN_PASSWORD (development) it is the
 * well-known account, whose first sign-in must choose a password of its own; with them it is an
 * ordinary account.
 */
import { createLogger } from '@teamapp/service-kit';
import request from 'supertest';
import { ADMIN, bearer, startAuth, type AuthHarness } from '../../../test/harness';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD } from '../../config';
import { createUsersRepo } from '../../db/users.repo';
import { hashPassword } from '../../domain/passwords';

const seed = {
  email: DEV_ADMIN_EMAIL,
  password: DEV_ADMIN_PASSWORD,
  name: 'Club Admin',
  mustChangePassword: true,
};
const log = createLogger('admin-seed-test', 'silent');

const signIn = (h: AuthHarness, email: string, password: string) =>
  request(h.server).post('/api/auth/login').send({ email, password });

describe('the development admin (no ADMIN_EMAIL / ADMIN_PASSWORD)', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    // Empty values count as unset.
    h = await startAuth({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('when it signs in with the published password, then it must choose its own before anything else', async () => {
    const first = await signIn(h, DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ email: DEV_ADMIN_EMAIL, role: 'admin' });
    expect(first.body.user.mustChangePassword).toBe(true);

    const blocked = await request(h.server).get('/api/user/all').set(bearer(first.body.token));
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('password_change_required');

    const chosen = await request(h.server)
      .put('/api/user/change-password')
      .set(bearer(first.body.token))
      .send({ currentPassword: DEV_ADMIN_PASSWORD, newPassword: 'Club!Owner2026' });
    expect(chosen.status).toBe(200);
    const open = await request(h.server).get('/api/user/all').set(bearer(first.body.token));
    expect(open.status).toBe(200);

    const again = await signIn(h, DEV_ADMIN_EMAIL, 'Club!Owner2026');
    expect(again.body.user.mustChangePassword).toBe(false);
    expect((await signIn(h, DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD)).status).toBe(401);

    // Started again: an admin that chose its own password is left alone.
    await h.service.deps.users.seedAdmin(seed, log);
    expect((await h.findUser(DEV_ADMIN_EMAIL))!.mustChangePassword).toBe(false);
  });

  it('when it was seeded earlier without the step and still has the published password, then the next start requires it', async () => {
    const row = (await h.findUser(DEV_ADMIN_EMAIL))!;
    await createUsersRepo(h.service.base.db).setPassword(
      row.id,
      await hashPassword(DEV_ADMIN_PASSWORD),
    );
    expect((await h.findUser(DEV_ADMIN_EMAIL))!.mustChangePassword).toBe(false);

    await h.service.deps.users.seedAdmin(seed, log);

    const first = await signIn(h, DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD);
    expect(first.body.user.mustChangePassword).toBe(true);
  });
});

describe('an admin from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuth();
  });
  afterAll(async () => {
    await h.close();
  });

  it('when it signs in, then its password is its own and everything is open', async () => {
    const res = await signIn(h, ADMIN.email, ADMIN.password);
    expect(res.status).toBe(200);
    expect(res.body.user.mustChangePassword).toBe(false);
    const all = await request(h.server).get('/api/user/all').set(bearer(res.body.token));
    expect(all.status).toBe(200);
  });
});
