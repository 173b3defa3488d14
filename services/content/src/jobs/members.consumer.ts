/** Queue `members`: keeps who "everyone" is as people join and leave the club. */
import { defineConsumer } from '@teamapp/service-kit';
import type { NotificationUseCases } from '../domain/notifications';

export const membersConsumer = (notifications: NotificationUseCases) =>
  defineConsumer({
    queue: 'members',
    handle: async (event) => {
      await notifications.memberChanged(event);
    },
  });
