/** Queue `members`: keeps who "everyone" is as people join and leave the club. */
import { defineConsumer } from '@teamapp/service-kit';
import type { NotificationUseCases } from '../domain/notifications';

/** The change drops the news board and the showcase it shows in (domain/notifications.ts). */
export const membersConsumer = (notifications: NotificationUseCases) =>
  defineConsumer({
    queue: 'members',
    handle: async (event) => {
      await notifications.memberChanged(event);
    },
  });
