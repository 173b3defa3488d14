/** Use cases for signing in and out. */
import { INVALID_CREDENTIALS, type LoginResponse } from '@teamapp/contracts';
import { signToken, unauthorized, type SessionStore } from '@teamapp/service-kit';
import type { UsersRepo } from '../db/users.repo';
import { timingDummyHash, verifyPassword } from './passwords';
import { toUser } from './users';

export function createSessionUseCases(deps: {
  users: UsersRepo;
  sessions: SessionStore;
  privateKey: string;
  ttlSeconds: number;
}) {
  return {
    async login(email: string, password: string): Promise<LoginResponse> {
      const row = await deps.users.findByEmail(email);
      const ok = row
        ? await verifyPassword(row.passwordHash, password)
        : await verifyPassword(await timingDummyHash(), password).then(() => false);
      if (!row || !ok || !row.isActive) throw unauthorized(INVALID_CREDENTIALS);
      const sid = await deps.sessions.create(row.id, deps.ttlSeconds);
      const token = signToken(
        { sub: row.id, role: row.role, sid },
        deps.privateKey,
        deps.ttlSeconds,
      );
      return { success: true, token, user: toUser(row, row.role) };
    },
    logout: (sid: string) => deps.sessions.revoke(sid),
  };
}

export type SessionUseCases = ReturnType<typeof createSessionUseCases>;
