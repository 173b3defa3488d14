/**
 * Invitations: an admin invites a person, which creates their account with a temporary password
 * (stored only as its argon2id hash, working for 7 days) and mails it to them through the outbox.
 * Their first sign-in must choose a new password. Resending issues a fresh temporary password.
 * The invitation may name a team the new member joins as a player; a team's coach (a player of
 * the club) may invite too, into a team they coach only (docs/reference.md "Teams").
 */
import {
  EMAIL_TAKEN,
  generateTempPassword,
  INVITATION_ALREADY_ACCEPTED,
  TEAM_COACH_ONLY,
  TEAM_NOT_FOUND,
  TEMP_PASSWORD_TTL_DAYS,
  type Role,
  type User,
} from '@teamapp/contracts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  type AuthUser,
  type Logger,
  type MailSecrets,
  type SessionStore,
} from '@teamapp/service-kit';
import type { AuthStore, AuthTransaction } from '../db/repos';
import type { UserRow } from '../db/schema';
import { hashPassword } from './passwords';
import { joinOnArrival, publishMemberNow } from './memberships';
import { isUniqueViolation, toUser } from './users';

export interface Invitation {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** The dialog's generated password, or undefined to have one made here. */
  tempPassword?: string;
  /** The team the new member joins as a player. */
  teamId?: string;
}

/** An invitation from a team's coach that names no team. */
export const TEAM_ID_REQUIRED = 'teamId is required: choose one of the teams you coach';

/**
 * A club admin may invite anyone, into any team or none; anyone else only as a coach of the
 * named team, and only players (the club role admin is the admins' to give).
 */
async function refuseUnlessMayInvite(store: AuthStore, actor: AuthUser, input: Invitation) {
  if (actor.role === 'admin') return;
  const coached = (await store.teams.membershipsOf(actor.id)).filter((m) => m.role === 'coach');
  if (coached.length === 0) throw forbidden();
  if (!input.teamId) throw badRequest(TEAM_ID_REQUIRED, 'teamId');
  const team = await store.teams.findById(input.teamId);
  if (!team || team.archived) throw notFound(TEAM_NOT_FOUND);
  if ((await store.teams.roleOf(team.id, actor.id)) !== 'coach') throw forbidden(TEAM_COACH_ONLY);
  if (input.role !== 'player') throw forbidden();
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
    async invite(actor: AuthUser, input: Invitation): Promise<User> {
      const tempPassword = input.tempPassword ?? generateTempPassword();
      const passwordHash = await hashPassword(tempPassword);
      const expiresAt = new Date(Date.now() + TTL_MS);
      const row = await deps
        .inTransaction(async (store) => {
          await refuseUnlessMayInvite(store, actor, input);
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
          await joinOnArrival(store, created, input.teamId);
          await publishMemberNow(store, created, 'joined');
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
