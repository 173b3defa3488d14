/**
 * Families (docs/reference.md "Families"): players the club adds without a login of their own,
 * the guardians who answer for them, giving a child a login when they grow up, and the end of the
 * guardianship when they come of age. Every change reaches the other services as the child's
 * member event (their snapshot names their guardians), in the transaction that made it.
 */
import {
  CHILD_HAS_LOGIN,
  CHILD_NOT_FOUND,
  GUARDIAN_ALREADY_LINKED,
  GUARDIAN_NOT_FOUND,
  GUARDIAN_OF_SELF,
  NO_GUARDIAN_WARNING,
  EMAIL_TAKEN,
  TEAM_NOT_FOUND,
  type childInputSchema,
  type Guardian,
  type User,
} from '@teamapp/contracts';
import {
  AppError,
  conflict,
  forbidden,
  notFound,
  type AuthUser,
  type Logger,
} from '@teamapp/service-kit';
import type { z } from 'zod';
import type { AuthStore, AuthTransaction } from '../db/repos';
import type { UserRow } from '../db/schema';
import { dayBefore, minorOn } from './club-day';
import { refuseUnlessMayInvite, temporaryPassword, type InvitationUseCases } from './invitations';
import { lockMember, publishMemberNow } from './memberships';
import { invitationStatus, toUser } from './users';

type Caller = Pick<AuthUser, 'id' | 'role'>;
type NewChild = z.output<typeof childInputSchema>;

const childNotFound = () => notFound(CHILD_NOT_FOUND);

/** The child's guardian as their card lists them; an invitation still open shows where it stands. */
function toGuardian(row: UserRow, relation: string | null): Guardian {
  const status = invitationStatus(row);
  return {
    id: row.id,
    name: row.name,
    email: row.email ?? '',
    relation,
    invitation_status: status === 'accepted' ? null : status,
  };
}

/** A child without a login and without a guardian: nobody can answer for them. */
const warningFor = (child: UserRow, guardianCount: number) =>
  child.email === null && guardianCount === 0 ? { warning: NO_GUARDIAN_WARNING } : {};

/** True when the caller coaches one of the member's teams. */
async function coachesMember(store: AuthStore, caller: Caller, memberId: string) {
  const coached = new Set(
    (await store.teams.membershipsOf(caller.id))
      .filter((m) => m.role === 'coach')
      .map((m) => m.teamId),
  );
  return (await store.teams.membershipsOf(memberId)).some((m) => coached.has(m.teamId));
}

/**
 * The child, refusing unless the caller may manage their guardians: club admins and the coaches
 * of one of the child's teams; reading them, also the child's guardians. An unknown child is
 * 404 for everyone.
 */
async function childFor(
  store: AuthStore,
  caller: Caller,
  childId: string,
  access: 'read' | 'manage',
): Promise<UserRow> {
  const child = await store.users.findById(childId);
  if (!child) throw childNotFound();
  if (caller.role === 'admin') return child;
  if (await coachesMember(store, caller, childId)) return child;
  if (access === 'read' && (await store.guardians.isLinked(childId, caller.id))) return child;
  throw forbidden();
}

export function createFamilyUseCases(deps: {
  inTransaction: AuthTransaction;
  invitations: InvitationUseCases;
  log: Logger;
}) {
  const { inTransaction, invitations } = deps;

  return {
    /**
     * A player with no login of their own, in `teamId`: a club admin into any active team, a
     * coach into a team they coach (as for an invitation). One transaction makes the member, the
     * membership and the `joined` event.
     */
    async addChild(caller: Caller, input: NewChild): Promise<User> {
      return inTransaction(async (store) => {
        await refuseUnlessMayInvite(store, caller, {
          role: 'player',
          teamId: input.teamId,
        });
        const team = await store.teams.findById(input.teamId);
        if (!team || team.archived) throw notFound(TEAM_NOT_FOUND);
        const child = await store.users.insert({
          name: input.name,
          email: null,
          passwordHash: null,
          role: 'player',
          position: input.position ?? null,
          dateOfBirth: input.dateOfBirth,
        });
        await store.teams.putMember(team.id, child.id, 'player');
        await publishMemberNow(store, child, 'joined');
        return toUser(child, caller.role, await store.club.day(), { seesPrivate: true });
      });
    },

    async guardians(caller: Caller, childId: string) {
      return inTransaction(async (store) => {
        const child = await childFor(store, caller, childId, 'read');
        const links = await store.guardians.ofChild(childId);
        return {
          data: links.map((l) => toGuardian(l.guardian, l.relation)),
          ...warningFor(child, links.length),
        };
      });
    },

    /**
     * Links the member with this address as the child's guardian, or invites someone new (a
     * player of the club in no team, with a temporary password and the invitation mail) and
     * links them. The child's event follows, naming their guardians.
     */
    async addGuardian(
      caller: Caller,
      childId: string,
      input: { email: string; name?: string; relation: string | null },
    ): Promise<{ guardian: Guardian; invited: boolean }> {
      const temp = await temporaryPassword();
      return inTransaction(async (store) => {
        const child = await childFor(store, caller, childId, 'manage');
        if (child.email === input.email)
          throw new AppError('guardian_of_self', GUARDIAN_OF_SELF, 400, 'email');
        const existing = await store.users.findByEmail(input.email);
        const guardian =
          existing ??
          (await invitations.createInvited(
            store,
            { email: input.email, name: input.name || input.email.split('@')[0]!, role: 'player' },
            temp,
          ));
        // Locked before the link is written, as for a membership (memberships.ts lockMember).
        const locked = (await lockMember(store, childId)) ?? child;
        if (!(await store.guardians.link(childId, guardian.id, input.relation))) {
          throw new AppError('guardian_already_linked', GUARDIAN_ALREADY_LINKED, 409);
        }
        if (!existing) {
          await publishMemberNow(store, guardian, 'joined');
          await invitations.sendInvitation(store, guardian, temp);
        }
        if (locked.isActive) await publishMemberNow(store, locked, 'updated', { locked: true });
        // A member already: no invitation of theirs to show.
        const shown = toGuardian(guardian, input.relation);
        return {
          guardian: existing ? { ...shown, invitation_status: null } : shown,
          invited: !existing,
        };
      }).catch(invitations.emailRace);
    },

    /** Ends the link; the last guardian of a child without a login goes with a warning. */
    async removeGuardian(caller: Caller, childId: string, guardianId: string) {
      return inTransaction(async (store) => {
        await childFor(store, caller, childId, 'manage');
        const child = (await lockMember(store, childId))!;
        if (!(await store.guardians.unlink(childId, guardianId))) {
          throw notFound(GUARDIAN_NOT_FOUND);
        }
        if (child.isActive) await publishMemberNow(store, child, 'updated', { locked: true });
        return warningFor(child, (await store.guardians.ofChild(childId)).length);
      });
    },

    /**
     * A club admin gives a child a login: their own address and an invitation (a temporary
     * password by mail). Their guardians stay theirs until they come of age.
     */
    async giveLogin(childId: string, email: string): Promise<User> {
      const temp = await temporaryPassword();
      return inTransaction(async (store) => {
        const child = await lockMember(store, childId);
        if (!child) throw childNotFound();
        if (child.email !== null) throw new AppError('child_has_login', CHILD_HAS_LOGIN, 400);
        if (await store.users.findByEmail(email)) throw conflict(EMAIL_TAKEN);
        await store.users.update(childId, { email });
        const updated = (await store.users.setTemporaryPassword(
          childId,
          temp.passwordHash,
          temp.expiresAt,
        ))!;
        if (updated.isActive) await publishMemberNow(store, updated, 'updated', { locked: true });
        await invitations.sendInvitation(store, updated, temp);
        return toUser(updated, 'admin', await store.club.day());
      }).catch(invitations.emailRace);
    },

    /**
     * The members who reached the club's adult age on its day (`now`'s): their event goes out
     * again, with `minor` false and no guardians (the links stay; the guardianship ends). Run
     * daily (jobs/coming-of-age.ts); returns how many came of age.
     */
    async comingOfAge(now = new Date()): Promise<number> {
      const { today, count } = await inTransaction(async (store) => {
        const day = await store.club.day(now);
        const yesterday = { ...day, today: dayBefore(day.today) };
        const grown = (await store.users.listWithBirthDate()).filter(
          (row) => minorOn(row, yesterday) && !minorOn(row, day),
        );
        for (const row of grown) await publishMemberNow(store, row, 'updated', { day });
        return { today: day.today, count: grown.length };
      });
      deps.log.info({ today, count }, 'members came of age');
      return count;
    },
  };
}

export type FamilyUseCases = ReturnType<typeof createFamilyUseCases>;
