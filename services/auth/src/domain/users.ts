/**
 * Use cases around users: what the API shows of them (presenters), the lists, creating an account
 * with a password, seeding the first admin, and the member events other services keep.
 */
import {
  EMAIL_TAKEN,
  type InvitationStatus,
  type Role,
  type SessionUser,
  type TeamMember,
  WEAK_PASSWORD,
  type User,
} from '@teamapp/contracts';
import { conflict, type Logger } from '@teamapp/service-kit';
import type { AuthTransaction } from '../db/repos';
import type { UserRow } from '../db/schema';
import type { UsersRepo } from '../db/users.repo';
import { joinOnArrival, memberEvent, publishMember, publishMemberNow } from './memberships';
import { hashPassword, verifyPassword } from './passwords';
import { refuseCommonPassword } from './passwords-common';

export function invitationStatus(row: UserRow, now = new Date()): InvitationStatus | null {
  if (!row.invitedAt) return null;
  if (row.lastLoginAt && row.lastLoginAt >= row.invitedAt) return 'accepted';
  return row.tempPasswordExpiresAt && row.tempPasswordExpiresAt <= now ? 'expired' : 'pending';
}

/**
 * A user as the API returns it. Only an admin sees coach notes and invitation state; a player
 * sees what the team directory shows.
 */
export function toUser(row: UserRow, viewerRole: Role): User {
  const user: User = {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    phone: row.phone,
    position: row.position,
    bio: row.bio,
    nickname: row.nickname,
    profile_picture: row.profilePicture,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
  if (viewerRole === 'admin') {
    const status = invitationStatus(row);
    user.coach_notes = row.coachNotes;
    user.invitation_status = status;
    user.invitation_expires_at =
      status && status !== 'accepted' ? (row.tempPasswordExpiresAt?.toISOString() ?? null) : null;
  }
  return user;
}

/** The signed-in user: their own card (never their coach notes) and whether to change password. */
export const toSessionUser = (row: UserRow): SessionUser => ({
  ...toUser(row, 'player'),
  mustChangePassword: row.mustChangePassword,
});

export const toTeamMember = (row: UserRow): TeamMember => ({
  id: row.id,
  name: row.name,
  email: row.email,
});

/** A unique violation, as the driver reports it or wrapped in the query builder's error. */
export const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: unknown }).code === '23505' || isUniqueViolation((err as Error).cause));

export interface NewUser {
  name: string;
  email: string;
  password: string;
  role: Role;
  /** The team the member joins as a player (memberships.ts joinOnArrival). */
  teamId?: string;
}

export function createUserUseCases(deps: { users: UsersRepo; inTransaction: AuthTransaction }) {
  /** Creates an account and tells the other services a member joined, in one transaction. */
  const insert = async (input: NewUser & { mustChangePassword?: boolean }): Promise<User> => {
    const passwordHash = await hashPassword(input.password);
    const row = await deps
      .inTransaction(async (store) => {
        if (await store.users.findByEmail(input.email)) throw conflict(EMAIL_TAKEN);
        const created = await store.users.insert({
          name: input.name,
          email: input.email,
          role: input.role,
          passwordHash,
          mustChangePassword: input.mustChangePassword ?? false,
        });
        await joinOnArrival(store, created, input.teamId);
        await publishMemberNow(store, created, 'joined');
        return created;
      })
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? conflict(EMAIL_TAKEN) : err;
      });
    return toUser(row, 'admin');
  };
  /** An admin creating an account: a common password is refused, as for any new password. */
  const create = async (input: NewUser): Promise<User> => {
    refuseCommonPassword(input.password, WEAK_PASSWORD, 'password');
    return insert(input);
  };

  return {
    team: async () => (await deps.users.list({ activeOnly: true })).map(toTeamMember),
    /** Admins: everyone, with every field. Players: the active members' directory entries. */
    all: async (viewerRole: Role) =>
      (await deps.users.list({ activeOnly: viewerRole !== 'admin' })).map((row) =>
        toUser(row, viewerRole),
      ),
    create,
    /**
     * Creates the first admin from configuration when no account with that email exists yet.
     * With mustChangePassword (the well-known development password) the first sign-in leads to
     * choosing a password of one's own, as an invitation's temporary password does.
     */
    async seedAdmin(
      admin: { email: string; password: string; name: string; mustChangePassword: boolean },
      log: Logger,
    ) {
      const email = admin.email.trim().toLowerCase();
      const existing = await deps.users.findByEmail(email);
      if (existing) {
        // Seeded before the rule: while it still has the well-known password, it must change it.
        if (
          admin.mustChangePassword &&
          !existing.mustChangePassword &&
          (await verifyPassword(existing.passwordHash, admin.password))
        ) {
          await deps.users.requirePasswordChange(existing.id);
          log.info({ email }, 'admin must choose a new password at the next sign-in');
        }
        return;
      }
      await insert({ ...admin, email, role: 'admin' }).catch((err: unknown) => {
        // Two instances starting together: the other one created it first.
        if (!(err instanceof Error && err.name === 'AppError')) throw err;
      });
      log.info({ email }, 'admin account created');
    },
    /**
     * Sends every current member to the services that keep member lists, once at start: a
     * service added later (or one whose queue was lost) learns the members who joined before it.
     * Consumers keep the newest event per member, so a repeat changes nothing.
     */
    async announceMembers(log: Logger) {
      const count = await deps.inTransaction(async (store) => {
        const rows = await store.users.list({ activeOnly: true });
        const memberships = await store.teams.allMemberships();
        for (const row of rows) {
          await publishMember(store, memberEvent(row, 'updated', memberships.get(row.id) ?? []));
        }
        return rows.length;
      });
      log.info({ count }, 'members announced');
    },
  };
}

export type UserUseCases = ReturnType<typeof createUserUseCases>;
