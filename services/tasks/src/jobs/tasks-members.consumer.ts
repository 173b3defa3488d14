/** Queue `tasks-members`: keeps the member list (who a task can go to, whom to remind) current. */
import { defineConsumer } from '@teamapp/service-kit';
import type { MemberUseCases } from '../domain/members';

export const tasksMembersConsumer = (members: MemberUseCases) =>
  defineConsumer({
    queue: 'tasks-members',
    handle: async (event) => {
      await members.memberChanged(event);
    },
  });
