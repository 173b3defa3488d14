/**
 * Profile edits and removal. An admin edits anyone's card (and role and active state); a player
 * edits only their own phone, bio and nickname. Guards: an admin cannot delete, deactivate or
 * demote themself, and the last active admin can never be removed, deactivated or demoted.
 * Deleting, deactivating or changing someone's role ends all their sessions (their token carries
 * the role), and every change reaches the other services as a `members` event. Leaving the club
 * (deactivation or deletion) ends every team membership in the same transaction.
 */
import {
  CANNOT_DEACTIVATE_SELF,
  CANNOT_DELETE_SELF,
  CANNOT_DEMOTE_SELF,
  EMAIL_TAKEN,
  LAST_ADMIN,
  type User,
} from '@teamapp/contracts';
import {
  AppError,
  conflict,
  notFound,
  type AuthUser,
  type Logger,
  type SessionStore,
} from '@teamapp/service-kit';
import type { AuthRepos, AuthTransaction } from '../db/repos';
import type { UserRow } from '../db/schema';
import type { UserPatch } from '../db/users.repo';
import { joinOnArrival, publishChildrenOf, publishMemberNow } from './memberships';
import { isUniqueViolation, toUser } from './users';

export interface AdminProfilePatch {
  name?: string;
  email?: string;
  phone?: string | null;
  position?: string | null;
  bio?: string | null;
  nickname?: string | null;
  coach_notes?: string | null;
  role?: 'admin' | 'player';
  is_active?: boolean;
}

export interface OwnProfilePatch {
  phone?: string | null;
  bio?: string | null;
  nickname?: string | null;
}

const userNotFound = () => notFound('User not found');

/** An admin's profile edit giving an address to a member without a login. */
export const NO_LOGIN_EMAIL =
  'email: this player has no login; give them one (with an invitation) instead';
const refused = (code: string, message: string) => new AppError(code, message, 400);

/** Refuses a change that would take away an active admin, per the guards above. */
async function guardAdminRemoval(
  store: AuthRepos,
  actor: AuthUser,
  target: UserRow,
  change: 'delete' | 'deactivate' | 'demote',
) {
  if (target.role !== 'admin' || !target.isActive) return;
  const admins = await store.users.lockActiveAdminIds();
  if (admins.length <= 1) throw refused('last_admin', LAST_ADMIN);
  if (target.id === actor.id) {
    const message = {
      delete: CANNOT_DELETE_SELF,
      deactivate: CANNOT_DEACTIVATE_SELF,
      demote: CANNOT_DEMOTE_SELF,
    }[change];
    throw refused('cannot_change_self', message);
  }
}

export function createProfileUseCases(deps: {
  inTransaction: AuthTransaction;
  sessions: SessionStore;
  log: Logger;
  /** Removes a user's stored picture files once they are no longer referenced. */
  removePicture: (publicPath: string) => Promise<void>;
}) {
  const endSessions = async (userId: string, why: string) => {
    const sessionsEnded = await deps.sessions.revokeAllFor(userId);
    deps.log.info({ userId, sessionsEnded, why }, 'sessions ended');
  };

  return {
    async updateByAdmin(actor: AuthUser, id: string, patch: AdminProfilePatch): Promise<User> {
      const { row, signOut, day } = await deps
        .inTransaction(async (store) => {
          const target = await store.users.findById(id);
          if (!target) throw userNotFound();
          const demoting = patch.role === 'player' && target.role === 'admin';
          const deactivating = patch.is_active === false && target.isActive;
          if (demoting) await guardAdminRemoval(store, actor, target, 'demote');
          if (deactivating) {
            await guardAdminRemoval(store, actor, target, 'deactivate');
            if (target.id === actor.id) throw refused('cannot_change_self', CANNOT_DEACTIVATE_SELF);
          }
          // An address would open password resets to a member who never had a login: giving one
          // is its own call, with an invitation (family.ts giveLogin).
          if (patch.email && target.email === null) {
            throw new AppError('no_login', NO_LOGIN_EMAIL, 400, 'email');
          }
          if (patch.email && patch.email !== target.email) {
            if (await store.users.findByEmail(patch.email)) throw conflict(EMAIL_TAKEN);
          }
          const fields: UserPatch = {
            name: patch.name,
            email: patch.email,
            phone: patch.phone,
            position: patch.position,
            bio: patch.bio,
            nickname: patch.nickname,
            coachNotes: patch.coach_notes,
            role: patch.role,
            isActive: patch.is_active,
          };
          const updated = (await store.users.update(id, fields))!;
          const kind =
            target.isActive && !updated.isActive
              ? 'left'
              : !target.isActive && updated.isActive
                ? 'joined'
                : updated.isActive
                  ? 'updated'
                  : undefined;
          // Leaving the club ends every membership; coming back joins the only team, if one.
          if (kind === 'left') await store.teams.removeAllOf(id);
          if (kind === 'joined') await joinOnArrival(store, updated);
          if (kind) await publishMemberNow(store, updated, kind);
          // Their children's snapshots name them.
          if (updated.name !== target.name) await publishChildrenOf(store, id);
          // A role lives in the token, so a new role needs a new sign-in.
          const signOut = !updated.isActive || updated.role !== target.role;
          return { row: updated, signOut, day: await store.club.day() };
        })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? conflict(EMAIL_TAKEN) : err;
        });
      if (signOut) await endSessions(id, row.isActive ? 'role changed' : 'deactivated');
      return toUser(row, 'admin', day);
    },

    /** The caller's own phone, bio and nickname; returns their card as they may see it. */
    async updateOwn(userId: string, patch: OwnProfilePatch): Promise<User> {
      return deps.inTransaction(async (store) => {
        const updated = await store.users.update(userId, patch);
        if (!updated) throw userNotFound();
        if (updated.isActive) await publishMemberNow(store, updated, 'updated');
        return toUser(updated, 'player', await store.club.day(), { seesPrivate: true });
      });
    },

    async remove(actor: AuthUser, id: string): Promise<void> {
      const removed = await deps.inTransaction(async (store) => {
        const target = await store.users.findById(id);
        if (!target) throw userNotFound();
        await guardAdminRemoval(store, actor, target, 'delete');
        if (target.id === actor.id) throw refused('cannot_change_self', CANNOT_DELETE_SELF);
        const children = await store.guardians.childrenOf(id);
        // Its memberships and guardian links go with the row (on delete cascade).
        await store.users.remove(id);
        await publishMemberNow(store, target, 'left');
        // Their children's snapshots named them.
        for (const child of children) {
          if (child.isActive) await publishMemberNow(store, child, 'updated');
        }
        return target;
      });
      await endSessions(id, 'deleted');
      if (removed.profilePicture) await deps.removePicture(removed.profilePicture);
    },
  };
}

export type ProfileUseCases = ReturnType<typeof createProfileUseCases>;
