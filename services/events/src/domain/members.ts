/**
 * The member list, kept from the auth service's member events: `joined` and `updated` keep a
 * member active (with the name and e-mail the event carries), `left` makes them inactive. Events
 * carry their time, so one handled late changes nothing; an event without a snapshot keeps what
 * is known of the member, its teams included (service-kit applyMemberChange keeps `teams`).
 * Leaving also ends the member's calendar feed.
 */
import type { MemberEvent } from '@teamapp/contracts';
import { memberChangeOf } from '@teamapp/service-kit';
import { z } from 'zod';
import type { EventsTransaction } from '../db/repos';
import { familyChangeOf } from './families';
import { EVERY_LIST, everyTeamList, memberScope } from './list-cache';

export function createMemberUseCases(deps: { inTransaction: EventsTransaction }) {
  return {
    /**
     * Handler of the `events-members` queue; true when the change was applied. A member who
     * left (deactivated or deleted: auth sends `left` for both) loses their calendar feed in the
     * same transaction, so its secret URL stops answering at once; running it again is harmless.
     */
    memberChanged: (event: MemberEvent) =>
      deps.inTransaction(async (store) => {
        const change = memberChangeOf(event);
        const before = await store.members.find(change.userId);
        const familyBefore = await store.families.find(change.userId);
        const applied = await store.members.apply(change);
        if (applied && !change.active) await store.feeds.removeFor(change.userId);
        const family = familyChangeOf(event);
        if (applied && family) await store.families.apply(family);
        // Every club-wide event lists every active member by name, and a team's event its
        // members: the lists of the teams the member was in and is in now.
        if (applied) {
          const after = await store.members.find(change.userId);
          const teams = [...(before?.teams ?? []), ...(after?.teams ?? [])].map((t) => t.teamId);
          // Their guardians, before and after, show their teams' events and entries (families.ts).
          const guardians = [...(familyBefore?.guardians ?? []), ...(family?.guardians ?? [])];
          store.dropCached(
            ...EVERY_LIST,
            ...everyTeamList(teams),
            memberScope(change.userId),
            ...new Set(guardians.map((g) => memberScope(g.userId))),
          );
        }
        return applied;
      }),
  };
}

export type MemberUseCases = ReturnType<typeof createMemberUseCases>;

const email = z.email();
/** Whether a mail can go to this address. */
export const mailable = (address: string | null): address is string =>
  !!address && email.safeParse(address).success;
