/**
 * The member list, kept from the auth service's member events: `joined` and `updated` keep a
 * member active (with the name the event carries), `left` makes them inactive. A member who
 * joins is put in every group room; one who leaves is taken out of every room. Events carry
 * their time, so one handled late changes nothing.
 */
import type { MemberEvent } from '@teamapp/contracts';
import { memberChangeOf } from '@teamapp/service-kit';
import type { ChatTransaction } from '../db/repos';
import { listsChange } from './rooms';

export function createMemberUseCases(inTransaction: ChatTransaction) {
  return {
    /** Handler of the `chat-members` queue; true when the change was applied. */
    async memberChanged(event: MemberEvent) {
      return inTransaction(async (store) => {
        const applied = await store.members.apply(memberChangeOf(event));
        if (!applied) return false;
        if (event.kind === 'joined') await store.rooms.joinGroupRooms(event.userId);
        const left = event.kind === 'left' ? await store.rooms.leaveAll(event.userId) : [];
        // Their own list, and those showing them: the member counts of the rooms they joined or
        // left, and their name in the previews of the rooms they wrote in.
        listsChange(store, [event.userId, ...(await store.rooms.audienceOf(event.userId, left))]);
        return true;
      });
    },
  };
}

export type MemberUseCases = ReturnType<typeof createMemberUseCases>;
