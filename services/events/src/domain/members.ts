/**
 * The member list, kept from the auth service's member events: `joined` and `updated` keep a
 * member active (with the name and e-mail the event carries), `left` makes them inactive. Events
 * carry their time, so one handled late changes nothing. Unknown kinds count as a change that
 * keeps the member (anything but `left`).
 */
import type { MemberEvent } from '@teamapp/contracts';
import { z } from 'zod';
import type { MembersRepo } from '../db/members.repo';

/** A member event, including the snapshot fields newer producers add. */
export type MemberEventLike = MemberEvent & {
  at?: string;
  member?: { name?: string; email?: string; role?: string };
};

export function createMemberUseCases(repo: MembersRepo) {
  return {
    /** Handler of the `events-members` queue; true when the change was applied. */
    memberChanged: (event: MemberEventLike) =>
      repo.apply({
        userId: event.userId,
        active: event.kind !== 'left',
        at: event.at ? new Date(event.at) : new Date(),
        name: event.member?.name,
        email: event.member?.email,
        role: event.member?.role,
      }),
  };
}

export type MemberUseCases = ReturnType<typeof createMemberUseCases>;

const email = z.email();
/** Whether a mail can go to this address. */
export const mailable = (address: string | null): address is string =>
  !!address && email.safeParse(address).success;
