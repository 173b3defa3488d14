/** Queue `chat-members`: keeps the member list (names, who is in the group rooms) current. */
import { defineConsumer } from '@teamapp/service-kit';
import type { MemberUseCases } from '../domain/members';

export const chatMembersConsumer = (members: MemberUseCases) =>
  defineConsumer({
    queue: 'chat-members',
    handle: async (event) => {
      await members.memberChanged(event);
    },
  });
