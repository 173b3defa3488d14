/**
 * The member list, kept from the auth service's member events: `joined` and `updated` keep a
 * member active (with the name and e-mail the event carries), `left` makes them inactive. Events
 * carry their time, so one handled late changes nothing; an event without a snapshot keeps what
 * is known of the member.
 */
import type { MemberEvent } from '@teamapp/contracts';
import { memberChangeOf } from '@teamapp/service-kit';
import { z } from 'zod';
import type { MembersRepo } from '../db/members.repo';

export function createMemberUseCases(repo: MembersRepo) {
  return {
    /** Handler of the `events-members` queue; true when the change was applied. */
    memberChanged: (event: MemberEvent) => repo.apply(memberChangeOf(event)),
  };
}

export type MemberUseCases = ReturnType<typeof createMemberUseCases>;

const email = z.email();
/** Whether a mail can go to this address. */
export const mailable = (address: string | null): address is string =>
  !!address && email.safeParse(address).success;
