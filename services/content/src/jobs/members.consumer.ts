/** Queue `members`: keeps who "everyone" is as people join and leave the club. */
import { defineConsumer } from '@teamapp/service-kit';
import type { NotificationUseCases } from '../domain/notifications';
import type { ShowcaseUseCases } from '../domain/showcase';

export const membersConsumer = (
  notifications: NotificationUseCases,
  showcase?: Pick<ShowcaseUseCases, 'invalidate'>,
) =>
  defineConsumer({
    queue: 'members',
    handle: async (event) => {
      await notifications.memberChanged(event);
      showcase?.invalidate();
    },
  });
