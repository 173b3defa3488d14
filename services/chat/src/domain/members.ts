/**
 * The member list, kept from the auth service's member events: `joined` and `updated` keep a
 * member active (with the name the event carries), `left` makes them inactive. A member who
 * joins is put in every group room; one who leaves is taken out of every room. Events carry
 * their time, so one handled late changes nothing.
 */
import type { MemberEvent } from '@teamapp/contracts';
import { memberChangeOf } from '@teamapp/service-kit';
import type { ChatTransaction } from '../db/repos';
import type { ListsChanged } from './chat-views';

export function createMemberUseCases(
  inTransaction: ChatTransaction,
  changed: ListsChanged = async () => undefined,
) {
  return {
    /** Handler of the `chat-members` queue; true when the change was applied. */
    async memberChanged(event: MemberEvent) {
      const applied = await inTransaction(async (store) => {
        const applied = await store.members.apply(memberChangeOf(event));
        if (!applied) return false;
        if (event.kind === 'joined') await store.rooms.joinGroupRooms(event.userId);
        if (event.kind === 'left') await store.rooms.leaveAll(event.userId);
        return true;
      });
      // Their rooms, and the previews of their messages (their name) in anyone's list.
      if (applied) await changed();
      return applied;
    },
  };
}

export type MemberUseCases = ReturnType<typeof createMemberUseCases>;
