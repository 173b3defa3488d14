/** What the content service's routers are given: the authenticator and the use cases. */
import type { Authenticator, Logger } from '@teamapp/service-kit';
import type { NotificationUseCases } from './domain/notifications';
import type { QueuesBoardAccess } from './domain/queues-board';
import type { SettingsUseCases } from './domain/settings';

export interface ContentDeps {
  log: Logger;
  auth: Authenticator;
  settings: SettingsUseCases;
  notifications: NotificationUseCases;
  queuesBoard: QueuesBoardAccess;
}
