import { sql } from 'drizzle-orm';
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
let admin: string;
beforeAll(async () => {
  h = await startAuth();
  admin = await adminToken(h);
});
afterAll(async () => {
  await h.close();
});

const send = (token: string, body: object) =>
  request(h.server).post('/api/email/send-invitation').set(bearer(token)).send(body);

const invitationMailsTo = async (email: string) =>
  (await publishedJobs(h, 'mail')).filter((m) => m.template === 'invitation' && m.to === email);

describe('POST /api/email/send-invitation', () => {
  it('when an admin invites someone, then the account exists with only a hash of the temporary password and the mail is queued', async () => {
    const res = await send(admin, {
      email: '  Nia.Player@Club.TEST ',
      firstName: 'Nia',
      lastName: 'Player',
      role: 'player',
      tempPassword: 'Xk4mPq7z',
      teamName: 'Riverside FC',
    });

    expect(res.status).toBe(201);
    expect(res.body.message).toBe(
      'Invitation sent successfully! The user will receive login credentials via email.',
    );
    expect(res.body.data).toMatchObject({
      name: 'Nia Player',
      email: 'nia.player@club.test',
      role: 'player',
      invitation_status: 'pending',
    });
    const row = await h.findUser('nia.player@club.test');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain('Xk4mPq7z');
    const expires = row!.tempPasswordExpiresAt!.getTime() - Date.now();
    expect(expires).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(expires).toBeLessThanOrEqual(7 * 24 * 3600_000);
    const [mail] = await invitationMailsTo('nia.player@club.test');
    expect(mail).toMatchObject({
      name: 'Nia Player',
      role: 'player',
      loginUrl: 'http://localhost:8080/login',
      tempPassword: 'Xk4mPq7z',
    });
    const joined = (await publishedJobs(h, 'members')).find((e) => e.userId === row!.id);
    expect(joined).toMatchObject({ kind: 'joined', member: { name: 'Nia Player' } });
  });

  it('when no temporary password is sent, then one is made from letters and digits without look-alikes', async () => {
    const res = await send(admin, {
      email: 'generated@club.test',
      firstName: 'Gen',
      lastName: 'Erated',
      role: 'admin',
    });

    expect(res.status).toBe(201);
    const [mail] = await invitationMailsTo('generated@club.test');
    expect(mail?.template === 'invitation' && mail.tempPassword).toMatch(
      /^[A-HJ-NP-Za-km-np-z2-9]{8}$/,
    );
  });

  it('when the email already has an account, then 409 and no mail', async () => {
    const existing = await userWithToken(h, 'player');

    const res = await send(admin, {
      email: existing.email.toUpperCase(),
      firstName: 'Dup',
      lastName: 'Licate',
      role: 'player',
    });

    expect(res.status).toBe(409);
    expect(res.body.error).toBe('A user with this email already exists');
    expect(await invitationMailsTo(existing.email)).toHaveLength(0);
  });

  it.each([
    [{ email: 'not-an-email', firstName: 'A', lastName: 'B', role: 'player' }, 'email'],
    [{ firstName: 'A', lastName: 'B', role: 'player' }, 'email'],
    [{ email: 'r@club.test', firstName: 'A', lastName: 'B', role: 'coach' }, 'role'],
    [{ email: 'f@club.test', firstName: ' ', lastName: 'B', role: 'player' }, 'firstName'],
    [{ email: 'l@club.test', firstName: 'A', role: 'player' }, 'lastName'],
    [
      { email: 't@club.test', firstName: 'A', lastName: 'B', tempPassword: 'O0l1Il10' },
      'tempPassword',
    ],
  ])(
    'when the input is bad (%j), then 400 naming %s, nothing is created and no mail is queued',
    async (body, field) => {
      const res = await send(admin, body);

      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.error).toContain(field);
      const email = (body as { email?: string }).email;
      if (email && email.includes('@')) {
        expect(await h.findUser(email)).toBeUndefined();
        expect(await invitationMailsTo(email)).toHaveLength(0);
      }
    },
  );

  it('when a player tries, then 403 and nothing is created', async () => {
    const { token } = await userWithToken(h, 'player');

    const res = await send(token, {
      email: 'sneaky.invite@club.test',
      firstName: 'A',
      lastName: 'B',
      role: 'admin',
    });

    expect(res.status).toBe(403);
    expect(await h.findUser('sneaky.invite@club.test')).toBeUndefined();
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).post('/api/email/send-invitation').send({});
    expect(res.status).toBe(401);
  });
});

describe('signing in with a temporary password', () => {
  it('when the invitee signs in, then they must change the password and every other call answers 403 password_change_required', async () => {
    const invitee = await invite(h, admin);

    const session = await login(h, invitee.email, invitee.tempPassword);

    expect(session.user.mustChangePassword).toBe(true);
    for (const call of [
      request(h.server).get('/api/user/team'),
      request(h.server).get('/api/user/all'),
      request(h.server).put('/api/user/profile').send({ bio: 'hi' }),
      request(h.server).delete('/api/upload/profile-picture'),
    ]) {
      const res = await call.set(bearer(session.token));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('password_change_required');
    }
    const list = await request(h.server).get('/api/user/all').set(bearer(admin));
    const entry = list.body.data.find((u: { email: string }) => u.email === invitee.email);
    expect(entry.invitation_status).toBe('accepted');
  });

  it('when they choose a new password, then the same session reaches everything', async () => {
    const invitee = await invite(h, admin);
    const session = await login(h, invitee.email, invitee.tempPassword);

    const change = await request(h.server)
      .put('/api/user/change-password')
      .set(bearer(session.token))
      .send({ currentPassword: invitee.tempPassword, newPassword: 'Chosen!Pass1' });

    expect(change.status).toBe(200);
    const team = await request(h.server).get('/api/user/team').set(bearer(session.token));
    expect(team.status).toBe(200);
    const again = await login(h, invitee.email, 'Chosen!Pass1');
    expect(again.user.mustChangePassword).toBe(false);
    const old = await request(h.server)
      .post('/api/auth/login')
      .send({ email: invitee.email, password: invitee.tempPassword });
    expect(old.status).toBe(401);
  });

  it('when they may still sign out, then logout works before the change', async () => {
    const invitee = await invite(h, admin);
    const session = await login(h, invitee.email, invitee.tempPassword);

    const res = await request(h.server).post('/api/auth/logout').set(bearer(session.token));

    expect(res.status).toBe(200);
  });

  it('when the temporary password is older than 7 days, then it no longer signs in', async () => {
    const invitee = await invite(h, admin);
    await h.service.base.db.execute(
      sql`update auth.users set temp_password_expires_at = now() - interval '1 minute' where email = ${invitee.email}`,
    );

    const res = await request(h.server)
      .post('/api/auth/login')
      .send({ email: invitee.email, password: invitee.tempPassword });

    expect(res.status).toBe(401);
    expect(res.body.code).toBe('temp_password_expired');
    const list = await request(h.server).get('/api/user/all').set(bearer(admin));
    const entry = list.body.data.find((u: { email: string }) => u.email === invitee.email);
    expect(entry.invitation_status).toBe('expired');
  });
});

describe('POST /api/user/{id}/resend-invitation', () => {
  it('when an admin resends, then a fresh temporary password works, the old one does not, and a new mail is queued', async () => {
    const invitee = await invite(h, admin);
    const oldSession = await login(h, invitee.email, invitee.tempPassword);
    await h.service.base.db.execute(
      sql`update auth.users set temp_password_expires_at = now() - interval '1 minute' where email = ${invitee.email}`,
    );

    const res = await request(h.server)
      .post(`/api/user/${invitee.user.id}/resend-invitation`)
      .set(bearer(admin));

    expect(res.status).toBe(200);
    expect(res.body.data.invitation_status).toBe('pending');
    const mails = await invitationMailsTo(invitee.email);
    expect(mails).toHaveLength(2);
    const fresh = mails.find((m) => m.template === 'invitation' && m.tempPassword !== 'Xk4mPq7z');
    const freshPassword = fresh?.template === 'invitation' ? fresh.tempPassword : '';
    expect((await login(h, invitee.email, freshPassword)).user.mustChangePassword).toBe(true);
    const old = await request(h.server)
      .post('/api/auth/login')
      .send({ email: invitee.email, password: invitee.tempPassword });
    expect(old.status).toBe(401);
    const oldCall = await request(h.server).post('/api/auth/logout').set(bearer(oldSession.token));
    expect(oldCall.status).toBe(401);
  });

  it('when the user already chose a password, then 400 and nothing changes', async () => {
    const { user, email, password } = await userWithToken(h, 'player');

    const res = await request(h.server)
      .post(`/api/user/${user.id}/resend-invitation`)
      .set(bearer(admin));

    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invitation_accepted');
    expect((await login(h, email, password)).token).toBeTruthy();
  });

  it.each([
    ['an unknown id', '7f0c6b1e-1111-4a4a-9a9a-1234567890ab', 404],
    ['a malformed id', 'not-a-uuid', 400],
  ])('when the id is %s (%s), then %i', async (_what, id, status) => {
    const res = await request(h.server)
      .post(`/api/user/${id}/resend-invitation`)
      .set(bearer(admin));
    expect(res.status).toBe(status);
  });

  it('when a player tries, then 403', async () => {
    const invitee = await invite(h, admin);
    const { token } = await userWithToken(h, 'player');

    const res = await request(h.server)
      .post(`/api/user/${invitee.user.id}/resend-invitation`)
      .set(bearer(token));

    expect(res.status).toBe(403);
  });

  it('when nobody is signed in, then 401', async () => {
    const invitee = await invite(h, admin);
    const res = await request(h.server).post(`/api/user/${invitee.user.id}/resend-invitation`);
    expect(res.status).toBe(401);
  });
});
