/** Queue `events-members`: keeps the member list (who is invited, whom to remind) current. */
import { defineConsumer } from '@teamapp/service-kit';
import type { ListCache } from '../domain/list-cache';
import type { MemberUseCases } from '../domain/members';

export const eventsMembersConsumer = (members: MemberUseCases, listCache: ListCache) =>
  defineConsumer({
    queue: 'events-members',
    handle: async (event) => {
      await members.memberChanged(event);
      // Who is invited to every event changed.
      await listCache.bump();
    },
  });
