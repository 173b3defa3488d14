/** Use cases for signing in and out. */
import {
  INVALID_CREDENTIALS,
  TEMP_PASSWORD_EXPIRED,
  type LoginResponse,
  type SessionUser,
} from '@teamapp/contracts';
import { AppError, signToken, unauthorized, type SessionStore } from '@teamapp/service-kit';
import type { AuthRepos } from '../db/repos';
import type { UsersRepo } from '../db/users.repo';
import { hashPassword, needsRehash, timingDummyHash, verifyPassword } from './passwords';
import type { ClientInfo } from './client';
import type { AccountThrottle } from './throttle';
import { childrenInCare, toSessionUser } from './users';

export function createSessionUseCases(deps: {
  users: UsersRepo;
  /** For the children in the member's care, which their session lists. */
  repos: AuthRepos;
  sessions: SessionStore;
  privateKey: string;
  ttlSeconds: number;
  /** Growing waits after repeated failures for an email, per client address and across them. */
  throttle: AccountThrottle;
}) {
  return {
    /**
     * Signs in. With a temporary password (an invitation) the session may only change the
     * password until a new one is chosen; an expired temporary password no longer signs in.
     * While the email must wait after repeated failures from this client's address (or from
     * too many addresses), ThrottledError (429) before any password is checked, for accounts
     * that exist and for those that do not alike.
     */
    async login(email: string, password: string, client: ClientInfo): Promise<LoginResponse> {
      await deps.throttle.attempt(email, client.address);
      const row = await deps.users.findByEmail(email);
      // A member without a login has no address and no password: nothing signs in as them.
      const ok = row?.passwordHash
        ? await verifyPassword(row.passwordHash, password)
        : await verifyPassword(await timingDummyHash(), password).then(() => false);
      if (!row || !ok || !row.isActive) {
        await deps.throttle.failed(email, client.address);
        throw unauthorized(INVALID_CREDENTIALS);
      }
      await deps.throttle.succeeded(email, client.address);
      // A hash made at an older cost is replaced while the password is at hand.
      if (row.passwordHash && needsRehash(row.passwordHash)) {
        await deps.users.replacePasswordHash(row.id, await hashPassword(password));
      }
      if (
        row.mustChangePassword &&
        row.tempPasswordExpiresAt &&
        row.tempPasswordExpiresAt <= new Date()
      ) {
        throw new AppError('temp_password_expired', TEMP_PASSWORD_EXPIRED, 401);
      }
      const sid = await deps.sessions.create(row.id, deps.ttlSeconds, {
        mustChangePassword: row.mustChangePassword,
        client,
      });
      await deps.users.recordLogin(row.id);
      const token = signToken(
        { sub: row.id, role: row.role, sid },
        deps.privateKey,
        deps.ttlSeconds,
      );
      const children = await childrenInCare(deps.repos, row.id);
      const day = await deps.repos.club.day();
      return { success: true, token, user: toSessionUser(row, day, children) };
    },
    logout: (sid: string) => deps.sessions.revoke(sid),
    /**
     * The signed-in member as sign-in answers them, read now: the children in their care change
     * while they are signed in (a guardian linked, a child come of age).
     */
    async me(userId: string): Promise<SessionUser> {
      const row = await deps.users.findById(userId);
      if (!row || !row.isActive) throw unauthorized();
      const children = await childrenInCare(deps.repos, row.id);
      return toSessionUser(row, await deps.repos.club.day(), children);
    },
  };
}

export type SessionUseCases = ReturnType<typeof createSessionUseCases>;
