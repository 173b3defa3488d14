/** What the content service's routers are given: the authenticator and the use cases. */
import type { Authenticator, Logger, ReadCache } from '@teamapp/service-kit';
import type { NewsUseCases } from './domain/news';
import type { NotificationMails } from './domain/notification-mails';
import type { NotificationUseCases } from './domain/notifications';
import type { PushUseCases } from './domain/push';
import type { QueuesBoardAccess } from './domain/queues-board';
import type { SettingsUseCases } from './domain/settings';
import type { SettingsCache } from './domain/settings-cache';
import type { ShowcaseUseCases } from './domain/showcase';

export interface ContentDeps {
  log: Logger;
  auth: Authenticator;
  settings: SettingsUseCases;
  /** GET /api/settings answers kept in memory, dropped by every write (any replica's). */
  settingsCache: SettingsCache;
  /**
   * The service's read cache: GET /api/news, each member's GET /api/notifications, the settings
   * and the assembled showcase, each kept until a write names its scope (domain/list-scopes.ts).
   */
  lists: ReadCache;
  notifications: NotificationUseCases;
  /** Push on the members' devices and their notification preferences (reference §7). */
  push: PushUseCases;
  /** The notification mails' decision, digest and one-click unsubscribe (reference §2). */
  mails: NotificationMails;
  news: NewsUseCases;
  showcase: ShowcaseUseCases;
  /** The shell's index.html, which the server-rendered showcase is built on. */
  /** The address people use to reach the app (canonical and og:url of the showcase). */
  publicUrl: string;
  queuesBoard: QueuesBoardAccess;
}
