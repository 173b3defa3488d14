/** Use cases for signing in and out. */
import { INVALID_CREDENTIALS, TEMP_PASSWORD_EXPIRED, type LoginResponse } from '@teamapp/contracts';
import { AppError, signToken, unauthorized, type SessionStore } from '@teamapp/service-kit';
import type { UsersRepo } from '../db/users.repo';
import { timingDummyHash, verifyPassword } from './passwords';
import { toSessionUser } from './users';

export function createSessionUseCases(deps: {
  users: UsersRepo;
  sessions: SessionStore;
  privateKey: string;
  ttlSeconds: number;
}) {
  return {
    /**
     * Signs in. With a temporary password (an invitation) the session may only change the
     * password until a new one is chosen; an expired temporary password no longer signs in.
     */
    async login(email: string, password: string): Promise<LoginResponse> {
      const row = await deps.users.findByEmail(email);
      const ok = row
        ? await verifyPassword(row.passwordHash, password)
        : await verifyPassword(await timingDummyHash(), password).then(() => false);
      if (!row || !ok || !row.isActive) throw unauthorized(INVALID_CREDENTIALS);
      if (
        row.mustChangePassword &&
        row.tempPasswordExpiresAt &&
        row.tempPasswordExpiresAt <= new Date()
      ) {
        throw new AppError('temp_password_expired', TEMP_PASSWORD_EXPIRED, 401);
      }
      const sid = await deps.sessions.create(row.id, deps.ttlSeconds, {
        mustChangePassword: row.mustChangePassword,
      });
      await deps.users.recordLogin(row.id);
      const token = signToken(
        { sub: row.id, role: row.role, sid },
        deps.privateKey,
        deps.ttlSeconds,
      );
      return { success: true, token, user: toSessionUser(row) };
    },
    logout: (sid: string) => deps.sessions.revoke(sid),
  };
}

export type SessionUseCases = ReturnType<typeof createSessionUseCases>;
