import request from 'supertest';
import {
  adminToken,
  bearer,
  invite,
  login,
  publishedJobs,
  startAuth,
  userWithToken,
  type AuthHarness,
} from '../../../test/harness';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuth();
});
afterAll(async () => {
  await h.close();
});

const change = (token: string, body: object) =>
  request(h.server).put('/api/user/change-password').set(bearer(token)).send(body);
const stillSignedIn = async (token: string) =>
  (await request(h.server).get('/api/user/team').set(bearer(token))).status === 200;

describe('PUT /api/user/change-password', () => {
  it('when the current password is right, then the new one works, this session stays, every other ends, and the user is told', async () => {
    const me = await userWithToken(h, 'player');
    const laptop = await login(h, me.email, me.password);

    const res = await change(me.token, {
      currentPassword: me.password,
      newPassword: 'Fresh!Pass42',
      confirmPassword: 'Fresh!Pass42',
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Password changed successfully!' });
    expect(await stillSignedIn(me.token)).toBe(true);
    expect(await stillSignedIn(laptop.token)).toBe(false);
    const old = await request(h.server)
      .post('/api/auth/login')
      .send({ email: me.email, password: me.password });
    expect(old.status).toBe(401);
    expect((await login(h, me.email, 'Fresh!Pass42')).token).toBeTruthy();
    const mail = (await publishedJobs(h, 'mail')).find(
      (m) => m.to === me.email && m.template === 'password-changed',
    );
    expect(mail).toMatchObject({ signedOut: 'others' });
    const note = (await publishedJobs(h, 'notifications')).find(
      (n) => 'userIds' in n.audience && n.audience.userIds.includes(me.user.id),
    );
    expect(note?.title).toBe('Your password was changed');
  });

  it('when the current password is wrong, then 400 and nothing changes', async () => {
    const me = await userWithToken(h, 'player');

    const res = await change(me.token, {
      currentPassword: 'Wrong!Pass1',
      newPassword: 'Fresh!Pass42',
    });

    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Current password is incorrect.');
    expect(res.body.field).toBe('currentPassword');
    expect((await login(h, me.email, me.password)).token).toBeTruthy();
  });

  it.each([
    [{ newPassword: 'Fresh!Pass42' }, 'Please fill in all password fields.'],
    [{ currentPassword: 'x', newPassword: '' }, 'Please fill in all password fields.'],
    [
      { currentPassword: 'x', newPassword: 'weakpass' },
      'New password does not meet the requirements.',
    ],
    [
      { currentPassword: 'x', newPassword: 'Fresh!Pass42', confirmPassword: 'Fresh!Pass43' },
      'New passwords do not match.',
    ],
  ])("when the input is %j, then 400 with the reference's text", async (body, message) => {
    const me = await userWithToken(h, 'player');

    const res = await change(me.token, body);

    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('when the new password is the current one, then 400', async () => {
    const me = await userWithToken(h, 'player');

    const res = await change(me.token, { currentPassword: me.password, newPassword: me.password });

    expect(res.status).toBe(400);
    expect(res.body.code).toBe('same_password');
  });

  it.each(['Password1!', 'P@SSw0rd', 'Summer2024!', 'Qwerty123!'])(
    'when the new password %j is a common one, then 400 with the hint and the old password still works',
    async (common) => {
      const me = await userWithToken(h, 'player');

      const res = await change(me.token, {
        currentPassword: me.password,
        newPassword: common,
        confirmPassword: common,
      });

      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        error: 'New password does not meet the requirements.',
        code: 'common_password',
        field: 'newPassword',
        hint: 'This password is too common. Choose one that is harder to guess.',
      });
      expect((await login(h, me.email, me.password)).token).toBeTruthy();
    },
  );

  it('when a first sign-in chooses a common password, then it is refused and the step stays', async () => {
    const invitee = await invite(h, await adminToken(h));
    const first = await login(h, invitee.email, invitee.tempPassword);
    expect(first.user.mustChangePassword).toBe(true);

    const refused = await change(first.token, {
      currentPassword: invitee.tempPassword,
      newPassword: 'Football#1',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.hint).toBe(
      'This password is too common. Choose one that is harder to guess.',
    );
    const blocked = await request(h.server).get('/api/user/team').set(bearer(first.token));
    expect(blocked.status).toBe(403);

    const chosen = await change(first.token, {
      currentPassword: invitee.tempPassword,
      newPassword: 'Nia!Strong2026',
    });
    expect(chosen.status).toBe(200);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server)
      .put('/api/user/change-password')
      .send({ currentPassword: 'a', newPassword: 'Fresh!Pass42' });
    expect(res.status).toBe(401);
  });
});
