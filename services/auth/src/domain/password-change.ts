/**
 * Changing one's own password from the profile (or choosing one after signing in with a temporary
 * password): the current password must be right and the new one not a common one; afterwards every other session of the user
 * ends, this one stays and may reach everything again, and the user is told by notification and
 * mail (the same message and mail template a password reset uses).
 */
import { CURRENT_PASSWORD_WRONG, NEW_PASSWORD_SAME, NEW_PASSWORD_WEAK } from '@teamapp/contracts';
import {
  AppError,
  unauthorized,
  type AuthUser,
  type Logger,
  type SessionStore,
} from '@teamapp/service-kit';
import type { AuthTransaction } from '../db/repos';
import type { UsersRepo } from '../db/users.repo';
import { hashPassword, verifyPassword } from './passwords';
import { refuseCommonPassword } from './passwords-common';

export function createPasswordChangeUseCases(deps: {
  users: UsersRepo;
  inTransaction: AuthTransaction;
  sessions: SessionStore;
  log: Logger;
}) {
  return {
    async change(user: AuthUser, currentPassword: string, newPassword: string): Promise<void> {
      const row = await deps.users.findById(user.id);
      // A member without a login has no session; should one reach here, nothing is changed.
      if (!row || !row.isActive || !row.passwordHash || !row.email) throw unauthorized();
      const to = row.email;
      if (!(await verifyPassword(row.passwordHash, currentPassword))) {
        throw new AppError('wrong_password', CURRENT_PASSWORD_WRONG, 400, 'currentPassword');
      }
      if (currentPassword === newPassword) {
        throw new AppError('same_password', NEW_PASSWORD_SAME, 400, 'newPassword');
      }
      refuseCommonPassword(newPassword, NEW_PASSWORD_WEAK, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      await deps.inTransaction(async (store) => {
        await store.users.setPassword(user.id, passwordHash);
        // A reset link asked for before the change must not undo it.
        await store.resetTokens.consumeAllFor(user.id);
        await store.notify(user.id, {
          title: 'Your password was changed',
          message:
            'Your password was changed and every other device was signed out. If this was not you, contact your club admin at once.',
        });
        await store.enqueue('mail', {
          template: 'password-changed',
          to,
          name: row.name,
          signedOut: 'others',
        });
      });
      const sessionsEnded = await deps.sessions.revokeAllFor(user.id, { except: user.sid });
      await deps.sessions.clearPasswordChange(user.sid);
      deps.log.info({ userId: user.id, sessionsEnded }, 'password changed');
    },
  };
}

export type PasswordChangeUseCases = ReturnType<typeof createPasswordChangeUseCases>;
