/**
 * Password reset: request (mail a single-use link, never revealing whether the account exists),
 * verify, and confirm (new password, every session ended, the user told by notification and mail).
 */
import { createHash, randomBytes } from 'node:crypto';
import { RESET_TOKEN_INVALID, WEAK_PASSWORD } from '@teamapp/contracts';
import { AppError, type Logger, type MailSecrets, type SessionStore } from '@teamapp/service-kit';
import type { AuthTransaction } from '../db/repos';
import { hashPassword } from './passwords';
import { refuseCommonPassword } from './passwords-common';
import type { ClientInfo } from './client';
import type { AccountThrottle } from './throttle';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/**
 * Reset mails for one account in an hour: this many asked from one address, and this many in all
 * across addresses. A request past either is answered as usual but sends nothing, so someone
 * asking again and again from one address cannot use up the owner's mails.
 */
export const RESET_MAILS_PER_ADDRESS_PER_HOUR = 5;
export const RESET_MAILS_PER_ACCOUNT_PER_HOUR = 20;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const invalidToken = () => new AppError('invalid_reset_token', RESET_TOKEN_INVALID, 400);

export type ResetOutcome = 'sent' | 'throttled' | 'no-account';

export function createPasswordResetUseCases(deps: {
  inTransaction: AuthTransaction;
  sessions: SessionStore;
  publicUrl: string;
  log: Logger;
  /** Growing waits for an email asked for too often (whether or not an account has it). */
  throttle: AccountThrottle;
  /** The sign-in throttle: a completed reset forgets the account's failures everywhere. */
  loginThrottle: Pick<AccountThrottle, 'clear'>;
  /** Seals the reset link in the queued mail: the queue board and Redis never show it. */
  mailSecrets: MailSecrets;
}) {
  return {
    /**
     * Mails a link when the account exists; the caller answers the same either way. An email
     * asked for too often (from this client's address, or from too many) gets ThrottledError
     * (429) for a growing while.
     */
    async request(email: string, client: ClientInfo): Promise<ResetOutcome> {
      await deps.throttle.attempt(email, client.address);
      const token = randomBytes(32).toString('base64url');
      return deps.inTransaction(async (store) => {
        const user = await store.users.findByEmail(email);
        // A member without a login has no address, so no link can reach them (Families).
        if (!user?.email || !user.isActive) return 'no-account';
        const to = user.email;
        const recent = await store.resetTokens.countSince(
          user.id,
          new Date(Date.now() - 3600_000),
          client.address,
        );
        if (
          recent.fromAddress >= RESET_MAILS_PER_ADDRESS_PER_HOUR ||
          recent.total >= RESET_MAILS_PER_ACCOUNT_PER_HOUR
        )
          return 'throttled';
        await store.resetTokens.insert({
          userId: user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
          requestedFrom: client.address,
        });
        const resetUrl = new URL('/reset-password', deps.publicUrl);
        resetUrl.searchParams.set('token', token);
        await store.enqueue(
          'mail',
          deps.mailSecrets.seal({
            template: 'password-reset',
            to,
            name: user.name,
            resetUrl: resetUrl.toString(),
          }),
        );
        return 'sent';
      });
    },

    async verify(token: string): Promise<void> {
      const userId = await deps.inTransaction((store) =>
        store.resetTokens.findLive(hashToken(token)),
      );
      if (!userId) throw invalidToken();
    },

    /**
     * Sets the new password (a common one is refused), ends every session of its user and forgets the account's failed
     * sign-ins (someone who kept failing cannot keep the owner waiting after a reset).
     */
    async confirm(token: string, newPassword: string): Promise<void> {
      // Before the token is used: a refused password leaves the link working for another try.
      refuseCommonPassword(newPassword, WEAK_PASSWORD, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      let email: string | undefined;
      const userId = await deps.inTransaction(async (store) => {
        const owner = await store.resetTokens.consume(hashToken(token));
        if (!owner) throw invalidToken();
        const user = await store.users.setPassword(owner, passwordHash);
        email = user?.email ?? undefined;
        await store.resetTokens.consumeAllFor(owner);
        await store.notify(owner, {
          title: 'Your password was changed',
          message: 'Your password was reset. If this was not you, contact your club admin at once.',
        });
        if (user?.email)
          await store.enqueue('mail', {
            template: 'password-changed',
            to: user.email,
            name: user.name,
          });
        return owner;
      });
      if (email) await deps.loginThrottle.clear(email);
      try {
        const sessionsEnded = await deps.sessions.revokeAllFor(userId);
        deps.log.info({ userId, sessionsEnded }, 'password reset; sessions ended');
      } catch (err) {
        deps.log.error({ err, userId }, 'password reset but sessions could not be ended');
      }
    },
  };
}

export type PasswordResetUseCases = ReturnType<typeof createPasswordResetUseCases>;
