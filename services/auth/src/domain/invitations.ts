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

/** A member without a login has no address to send an invitation to (give them a login). */
export const NO_LOGIN_TO_RESEND =
  'This player has no login: a club admin gives them one with their own address';

/**
 * A club admin may invite anyone, into any team or none; anyone else only as a coach of the
 * named team, and only players (the club role admin is the admins' to give). Adding a child to
 * a team follows the same rule (family.ts).
 */
export async function refuseUnlessMayInvite(
  store: AuthStore,
  actor: Pick<AuthUser, 'id' | 'role'>,
  input: Pick<Invitation, 'role' | 'teamId'>,
) {
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

/** A temporary password, its hash and when it stops working, made before the transaction. */
export interface TemporaryPassword {
  tempPassword: string;
  passwordHash: string;
  expiresAt: Date;
}

export async function temporaryPassword(given?: string): Promise<TemporaryPassword> {
  const tempPassword = given ?? generateTempPassword();
  return {
    tempPassword,
    passwordHash: await hashPassword(tempPassword),
    expiresAt: new Date(Date.now() + TTL_MS),
  };
}

export function createInvitationUseCases(deps: {
  inTransaction: AuthTransaction;
  sessions: SessionStore;
  publicUrl: string;
  log: Logger;
  /** Seals the temporary password in the queued mail: the queue board and Redis never show it. */
  mailSecrets: MailSecrets;
}) {
  const loginUrl = new URL('/login', deps.publicUrl).toString();
  /** Queues the invitation mail to the row's address (every invited row has one). */
  const sendInvitation = (store: AuthStore, row: UserRow, temp: TemporaryPassword) =>
    store.enqueue(
      'mail',
      deps.mailSecrets.seal({
        template: 'invitation',
        to: row.email ?? '',
        name: row.name,
        role: row.role,
        loginUrl,
        tempPassword: temp.tempPassword,
        expiresAt: temp.expiresAt.toISOString(),
      }),
    );

  /**
   * Inside the caller's transaction: creates the invited account (in no team), tells the other
   * services and queues its mail. An address already used is refused (409).
   */
  const createInvited = async (
    store: AuthStore,
    person: { email: string; name: string; role: Role },
    temp: TemporaryPassword,
  ): Promise<UserRow> => {
    if (await store.users.findByEmail(person.email)) throw conflict(EMAIL_TAKEN);
    return store.users.insert({
      name: person.name,
      email: person.email,
      role: person.role,
      passwordHash: temp.passwordHash,
      mustChangePassword: true,
      tempPasswordExpiresAt: temp.expiresAt,
      invitedAt: new Date(),
    });
  };

  /** A unique violation on the address, raced past the check above. */
  const emailRace = (err: unknown): never => {
    throw isUniqueViolation(err) ? conflict(EMAIL_TAKEN) : err;
  };

  return {
    sendInvitation,
    createInvited,
    emailRace,

    /** Creates the invited account and queues its mail, both or neither. */
    async invite(actor: AuthUser, input: Invitation): Promise<User> {
      const temp = await temporaryPassword(input.tempPassword);
      return deps
        .inTransaction(async (store) => {
          await refuseUnlessMayInvite(store, actor, input);
          const created = await createInvited(
            store,
            { email: input.email, name: `${input.firstName} ${input.lastName}`, role: input.role },
            temp,
          );
          await joinOnArrival(store, created, input.teamId);
          await publishMemberNow(store, created, 'joined');
          await sendInvitation(store, created, temp);
          return toUser(created, 'admin', await store.club.day());
        })
        .catch(emailRace);
    },

    /**
     * A fresh temporary password and mail for someone who has not chosen their own password
     * yet; any session they opened with the old one ends. A member without a login is refused:
     * they have no address (a club admin gives them a login instead).
     */
    async resend(userId: string): Promise<User> {
      const temp = await temporaryPassword();
      const row = await deps.inTransaction(async (store) => {
        const existing = await store.users.findById(userId);
        if (!existing) throw notFound('User not found');
        if (!existing.email) throw new AppError('no_login', NO_LOGIN_TO_RESEND, 400);
        if (!existing.mustChangePassword) {
          throw new AppError('invitation_accepted', INVITATION_ALREADY_ACCEPTED, 400);
        }
        const updated = (await store.users.setTemporaryPassword(
          userId,
          temp.passwordHash,
          temp.expiresAt,
        ))!;
        await sendInvitation(store, updated, temp);
        return toUser(updated, 'admin', await store.club.day());
      });
      const sessionsEnded = await deps.sessions.revokeAllFor(userId);
      deps.log.info({ userId, sessionsEnded }, 'invitation resent');
      return row;
    },
  };
}

export type InvitationUseCases = ReturnType<typeof createInvitationUseCases>;
