/**
 * Confirming a reset with a new password: a common one is refused with a hint, and the link
 * still works for a better one.
 */
import { createHash } from 'node:crypto';
import request from 'supertest';
import { startAuth, userWithToken, type AuthHarness } from '../../../test/harness';
import { authRepos } from '../../db/repos';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuth();
});
afterAll(async () => {
  await h.close();
});

/** A live reset link's token for the user, as the mail would carry it. */
async function resetToken(userId: string): Promise<string> {
  const token = `token-${userId}`;
  await authRepos(h.service.base.db, 'UTC').resetTokens.insert({
    userId,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt: new Date(Date.now() + 60_000),
  });
  return token;
}
const confirm = (token: string, newPassword: string) =>
  request(h.server).post('/api/password-reset/confirm').send({ token, newPassword });
const signIn = (email: string, password: string) =>
  request(h.server).post('/api/auth/login').send({ email, password });

describe('POST /api/password-reset/confirm', () => {
  it('when the new password is a common one, then 400 with the hint, and the link still sets a good one', async () => {
    const { user, email, password } = await userWithToken(h);
    const token = await resetToken(user.id);

    const refused = await confirm(token, 'P@ssw0rd1!');

    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      success: false,
      error: 'Password does not meet security requirements.',
      code: 'common_password',
      field: 'newPassword',
      hint: 'This password is too common. Choose one that is harder to guess.',
    });
    expect((await signIn(email, password)).status).toBe(200);
    expect((await signIn(email, 'P@ssw0rd1!')).status).toBe(401);

    expect((await confirm(token, 'Changed!Pass99')).status).toBe(200);
    expect((await signIn(email, 'Changed!Pass99')).status).toBe(200);
  });

  it('when the new password breaks the rules, then the same text without a hint', async () => {
    const { user } = await userWithToken(h);

    const res = await confirm(await resetToken(user.id), 'weakpass');

    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Password does not meet security requirements.');
    expect(res.body.hint).toBeUndefined();
  });
});
