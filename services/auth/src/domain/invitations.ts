/**
 * Invitations: an admin invites a person, which creates their account with a temporary password
 * (stored only as its argon2id hash, working for 7 days) and mails it to them through the outbox.
 * Their first sign-in must choose a new password. Resending issues a fresh temporary password.
 */
import {
  EMAIL_TAKEN,
  generateTempPassword,
  INVITATION_ALREADY_ACCEPTED,
  TEMP_PASSWORD_TTL_DAYS,
  type Role,
  type User,
} from '@teamapp/contracts';
import {
  AppError,
  conflict,
  notFound,
  type Logger,
  type MailSecrets,
  type SessionStore,
} from '@teamapp/service-kit';
import type { AuthTransaction } from '../db/repos';
import type { UserRow } from '../db/schema';
import { hashPassword } from './passwords';
import { isUniqueViolation, memberEvent, publishMember, toUser } from './users';

export interface Invitation {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** The dialog's generated password, or undefined to have one made here. */
  tempPassword?: string;
}

const TTL_MS = TEMP_PASSWORD_TTL_DAYS * 24 * 3600 * 1000;

export function createInvitationUseCases(deps: {
  inTransaction: AuthTransaction;
  sessions: SessionStore;
  publicUrl: string;
  log: Logger;
  /** Seals the temporary password in the queued mail: the queue board and Redis never show it. */
  mailSecrets: MailSecrets;
}) {
  const loginUrl = new URL('/login', deps.publicUrl).toString();
  const invitationMail = (row: UserRow, tempPassword: string, expiresAt: Date) =>
    deps.mailSecrets.seal({
      template: 'invitation',
      to: row.email,
      name: row.name,
      role: row.role,
      loginUrl,
      tempPassword,
      expiresAt: expiresAt.toISOString(),
    });

  return {
    /** Creates the invited account and queues its mail, both or neither. */
    async invite(input: Invitation): Promise<User> {
      const tempPassword = input.tempPassword ?? generateTempPassword();
      const passwordHash = await hashPassword(tempPassword);
      const expiresAt = new Date(Date.now() + TTL_MS);
      const row = await deps
        .inTransaction(async (store) => {
          if (await store.users.findByEmail(input.email)) throw conflict(EMAIL_TAKEN);
          const created = await store.users.insert({
            name: `${input.firstName} ${input.lastName}`,
            email: input.email,
            role: input.role,
            passwordHash,
            mustChangePassword: true,
            tempPasswordExpiresAt: expiresAt,
            invitedAt: new Date(),
          });
          await publishMember(store, memberEvent(created, 'joined'));
          await store.enqueue('mail', invitationMail(created, tempPassword, expiresAt));
          return created;
        })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? conflict(EMAIL_TAKEN) : err;
        });
      return toUser(row, 'admin');
    },

    /**
     * A fresh temporary password and mail for someone who has not chosen their own password
     * yet; any session they opened with the old one ends.
     */
    async resend(userId: string): Promise<User> {
      const tempPassword = generateTempPassword();
      const passwordHash = await hashPassword(tempPassword);
      const expiresAt = new Date(Date.now() + TTL_MS);
      const row = await deps.inTransaction(async (store) => {
        const existing = await store.users.findById(userId);
        if (!existing) throw notFound('User not found');
        if (!existing.mustChangePassword) {
          throw new AppError('invitation_accepted', INVITATION_ALREADY_ACCEPTED, 400);
        }
        const updated = (await store.users.setTemporaryPassword(userId, passwordHash, expiresAt))!;
        await store.enqueue('mail', invitationMail(updated, tempPassword, expiresAt));
        return updated;
      });
      const sessionsEnded = await deps.sessions.revokeAllFor(userId);
      deps.log.info({ userId, sessionsEnded }, 'invitation resent');
      return toUser(row, 'admin');
    },
  };
}

export type InvitationUseCases = ReturnType<typeof createInvitationUseCases>;
