/**
 * The member events every other service keeps its member list from, and the memberships that
 * come and go with joining and leaving the club (docs/reference.md "Teams"): each event carries
 * the member's full snapshot with their teams, written to the outbox in the transaction that
 * changed them.
 */
import {
  MEMBER_EVENT_QUEUES,
  TEAM_NOT_FOUND,
  type MemberEvent,
  type TeamMembership,
} from '@teamapp/contracts';
import { notFound, type OutboxWriter } from '@teamapp/service-kit';
import type { NamedLink } from '../db/guardians.repo';
import type { AuthStore } from '../db/repos';
import type { UserRow } from '../db/schema';
import { minorOn, type ClubDay } from './club-day';

/**
 * A `members` event about this row, its teams and its guardians, stamped now so consumers keep
 * the newest. The guardianship lasts while the member is a minor on the club's `day` (under its
 * adult age): from the day they come of age their snapshot names no guardian, though the links
 * stay.
 */
export function memberEvent(
  row: UserRow,
  kind: MemberEvent['kind'],
  teams: TeamMembership[],
  links: NamedLink[],
  day: ClubDay,
): MemberEvent {
  const minor = minorOn(row, day);
  return {
    userId: row.id,
    kind,
    at: new Date().toISOString(),
    ...(kind === 'left'
      ? {}
      : {
          member: {
            name: row.name,
            email: row.email ?? '',
            role: row.role,
            profilePicture: row.profilePicture,
            teams,
            guardians: minor
              ? links.map(({ userId, name, relation }) => ({ userId, name, relation }))
              : [],
            minor,
            hasLogin: row.email !== null,
          },
        }),
  };
}

/**
 * Tells every service that keeps a member list. Each reads a queue of its own, because a queued
 * job reaches one consumer only.
 */
export async function publishMember(store: OutboxWriter, event: MemberEvent): Promise<void> {
  for (const queue of MEMBER_EVENT_QUEUES) await store.enqueue(queue, event);
}

/**
 * Locks the member's row until the transaction ends. A change of memberships locks it before
 * writing them (or two writes deadlock on the membership's foreign key), and the event published
 * afterwards then reads every change: of two transactions changing one member's memberships at
 * once (a roster filled in parallel), the second waits for the first to commit, so the event
 * stamped last (the one consumers keep) holds every membership.
 */
export const lockMember = (store: AuthStore, id: string) => store.users.lockById(id);

/**
 * Publishes the member as they now are, their memberships and guardians read in the same
 * transaction. `locked`: the caller locked the row already (lockMember) and `row` is what it read
 * or wrote since; otherwise the row is locked (and read afresh) here. `day`: the club's day to
 * count their age on (else today's, with the adult age auth knows).
 */
export async function publishMemberNow(
  store: AuthStore,
  row: UserRow,
  kind: MemberEvent['kind'],
  options: { locked?: boolean; day?: ClubDay } = {},
): Promise<void> {
  const current = options.locked ? row : ((await lockMember(store, row.id)) ?? row);
  const teams = kind === 'left' ? [] : await store.teams.membershipsOf(row.id);
  const links = kind === 'left' ? [] : await store.guardians.namedOf(row.id);
  const day = options.day ?? (await store.club.day());
  await publishMember(store, memberEvent(current, kind, teams, links, day));
}

/**
 * Republishes the children of a guardian whose name changed: each child's snapshot names them.
 */
export async function publishChildrenOf(store: AuthStore, guardianId: string): Promise<void> {
  for (const child of await store.guardians.childrenOf(guardianId)) {
    if (child.isActive) await publishMemberNow(store, child, 'updated');
  }
}

/**
 * The club's adult age went from `before` to `after` (docs/reference.md "Families"): every
 * active member it makes a minor or an adult today is published again, with `minor` and their
 * guardians as the new age says. Returns how many.
 */
export async function publishAgeChange(
  store: AuthStore,
  before: number,
  after: number,
): Promise<number> {
  if (before === after) return 0;
  const day = await store.club.day();
  const was = { ...day, adultAge: before };
  const flipped = (await store.users.listWithBirthDate()).filter(
    (row) => minorOn(row, was) !== minorOn(row, day),
  );
  for (const row of flipped) await publishMemberNow(store, row, 'updated', { day });
  return flipped.length;
}

/**
 * A member arriving (a new account, an invitation, a reactivation) joins `teamId` as a player;
 * without one, while the club has exactly one active team, they join it (a club admin as its
 * coach). An unknown or archived `teamId` is refused (404) and nothing is written.
 */
export async function joinOnArrival(
  store: AuthStore,
  row: UserRow,
  teamId?: string | null,
): Promise<void> {
  if (teamId) {
    const team = await store.teams.findById(teamId);
    if (!team || team.archived) throw notFound(TEAM_NOT_FOUND);
    await store.teams.putMember(team.id, row.id, 'player');
    return;
  }
  const active = await store.teams.list();
  if (active.length !== 1) return;
  await store.teams.putMember(active[0]!.id, row.id, row.role === 'admin' ? 'coach' : 'player');
}
