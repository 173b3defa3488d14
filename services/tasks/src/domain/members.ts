/**
 * The member list, kept from the auth service's member events: `joined` and `updated` keep a
 * member active (with the name the event carries), `left` makes them inactive. Events carry their
 * time, so one handled late changes nothing; an event without a snapshot keeps what is known.
 */
import type { MemberEvent } from '@teamapp/contracts';
import { memberChangeOf } from '@teamapp/service-kit';
import type { MembersRepo } from '../db/members.repo';

export function createMemberUseCases(repo: MembersRepo) {
  return {
    /** Handler of the `tasks-members` queue; true when the change was applied. */
    memberChanged: (event: MemberEvent) => repo.apply(memberChangeOf(event)),
  };
}

export type MemberUseCases = ReturnType<typeof createMemberUseCases>;
