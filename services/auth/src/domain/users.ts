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
import { conflict, type AuthUser, type Logger } from '@teamapp/service-kit';
import type { AuthRepos, AuthTransaction } from '../db/repos';
import type { UserRow } from '../db/schema';
import type { UsersRepo } from '../db/users.repo';
import { minorOn, type ClubDay } from './club-day';
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
 * sees what the team directory shows. `seesPrivate` (docs/reference.md "Families"): the viewer may
 * read the member's date of birth and, for a minor, their phone and email (the member themselves,
 * their guardians, their teams' coaches and club admins); others get no date of birth, and a
 * minor's email empty and phone null. A member without a login has an empty email. `day`: the
 * club's day, on which `minor` is counted.
 */
export function toUser(
  row: UserRow,
  viewerRole: Role,
  day: ClubDay,
  options: { seesPrivate?: boolean } = {},
): User {
  const seesPrivate = options.seesPrivate ?? viewerRole === 'admin';
  const minor = minorOn(row, day);
  const hidden = minor && !seesPrivate;
  const user: User = {
    id: row.id,
    name: row.name,
    email: hidden ? '' : (row.email ?? ''),
    role: row.role,
    phone: hidden ? null : row.phone,
    position: row.position,
    bio: row.bio,
    nickname: row.nickname,
    profile_picture: row.profilePicture,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    has_login: row.email !== null,
    minor,
    ...(seesPrivate ? { date_of_birth: row.dateOfBirth } : {}),
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

/**
 * The children whose guardianship `guardianId` holds today: linked, and still minors by the
 * club's adult age (it ends when they come of age).
 */
export async function childrenInCare(repos: AuthRepos, guardianId: string): Promise<string[]> {
  const day = await repos.club.day();
  return (await repos.guardians.childrenOf(guardianId))
    .filter((child) => minorOn(child, day))
    .map((child) => child.id);
}

/**
 * Whose private details (date of birth; a minor's phone and email) the viewer may read: club
 * admins everyone's; anyone else their own, their children's while in their care, and those of
 * the members of a team they coach.
 */
export async function privateAccess(
  repos: AuthRepos,
  viewer: Pick<AuthUser, 'id' | 'role'>,
): Promise<(row: UserRow) => boolean> {
  if (viewer.role === 'admin') return () => true;
  const children = new Set(await childrenInCare(repos, viewer.id));
  const coached = new Set(
    (await repos.teams.membershipsOf(viewer.id))
      .filter((m) => m.role === 'coach')
      .map((m) => m.teamId),
  );
  const memberships = coached.size > 0 ? await repos.teams.allMemberships() : new Map();
  return (row) =>
    row.id === viewer.id ||
    children.has(row.id) ||
    (memberships.get(row.id) ?? []).some((m: { teamId: string }) => coached.has(m.teamId));
}

/**
 * The signed-in user: their own card (never their coach notes), whether to change password, and
 * the children in their care.
 */
export const toSessionUser = (
  row: UserRow,
  day: ClubDay,
  children: string[] = [],
): SessionUser => ({
  ...toUser(row, 'player', day, { seesPrivate: true }),
  mustChangePassword: row.mustChangePassword,
  children,
});

export const toTeamMember = (row: UserRow, day: ClubDay, seesPrivate: boolean): TeamMember => ({
  id: row.id,
  name: row.name,
  email: toUser(row, 'player', day, { seesPrivate }).email,
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

export function createUserUseCases(deps: {
  users: UsersRepo;
  repos: AuthRepos;
  inTransaction: AuthTransaction;
}) {
  /** Creates an account and tells the other services a member joined, in one transaction. */
  const insert = async (input: NewUser & { mustChangePassword?: boolean }): Promise<User> => {
    const passwordHash = await hashPassword(input.password);
    return deps
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
        return toUser(created, 'admin', await store.club.day());
      })
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? conflict(EMAIL_TAKEN) : err;
      });
  };
  /** An admin creating an account: a common password is refused, as for any new password. */
  const create = async (input: NewUser): Promise<User> => {
    refuseCommonPassword(input.password, WEAK_PASSWORD, 'password');
    return insert(input);
  };

  return {
    /** The active members; a minor's email only to those who may read it (toUser). */
    async team(viewer: Pick<AuthUser, 'id' | 'role'>) {
      const sees = await privateAccess(deps.repos, viewer);
      const day = await deps.repos.club.day();
      return (await deps.users.list({ activeOnly: true })).map((row) =>
        toTeamMember(row, day, sees(row)),
      );
    },
    /** Admins: everyone, with every field. Players: the active members' directory entries. */
    async all(viewer: Pick<AuthUser, 'id' | 'role'>) {
      const sees = await privateAccess(deps.repos, viewer);
      const day = await deps.repos.club.day();
      return (await deps.users.list({ activeOnly: viewer.role !== 'admin' })).map((row) =>
        toUser(row, viewer.role, day, { seesPrivate: sees(row) }),
      );
    },
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
          existing.passwordHash &&
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
        const guardians = await store.guardians.allNamed();
        const day = await store.club.day();
        for (const row of rows) {
          const event = memberEvent(
            row,
            'updated',
            memberships.get(row.id) ?? [],
            guardians.get(row.id) ?? [],
            day,
          );
          await publishMember(store, event);
        }
        return rows.length;
      });
      log.info({ count }, 'members announced');
    },
  };
}

export type UserUseCases = ReturnType<typeof createUserUseCases>;
