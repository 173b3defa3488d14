/** Queue `events-members`: keeps the member list (who is invited, whom to remind) current. */
import { defineConsumer } from '@teamapp/service-kit';
import type { MemberUseCases } from '../domain/members';

export const eventsMembersConsumer = (members: MemberUseCases) =>
  defineConsumer({
    queue: 'events-members',
    handle: async (event) => {
      // The member's change drops the event lists it shows in (domain/members.ts).
      await members.memberChanged(event);
    },
  });
