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
import type { AuthStore } from '../db/repos';
import type { UserRow } from '../db/schema';

/** A `members` event about this row and its teams, stamped now so consumers keep the newest. */
export function memberEvent(
  row: UserRow,
  kind: MemberEvent['kind'],
  teams: TeamMembership[],
): MemberEvent {
  return {
    userId: row.id,
    kind,
    at: new Date().toISOString(),
    ...(kind === 'left'
      ? {}
      : {
          member: {
            name: row.name,
            email: row.email,
            role: row.role,
            profilePicture: row.profilePicture,
            teams,
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
 * Publishes the member as they now are, their memberships read in the same transaction. The
 * member's row is locked (a change of memberships locks it before writing them, or two writes
 * deadlock on the membership's foreign key): of two transactions changing their memberships at
 * once (a roster filled in parallel), the second waits for the first to commit and then reads both
 * changes, so the event stamped last (the one consumers keep) holds every membership.
 */
export async function publishMemberNow(
  store: AuthStore,
  row: UserRow,
  kind: MemberEvent['kind'],
): Promise<void> {
  const current = (await store.users.lockById(row.id)) ?? row;
  const teams = kind === 'left' ? [] : await store.teams.membershipsOf(row.id);
  await publishMember(store, memberEvent(current, kind, teams));
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
