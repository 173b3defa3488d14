/** What the content service's routers are given: the authenticator and the use cases. */
import type { Authenticator, Logger } from '@teamapp/service-kit';
import type { NotificationUseCases } from './domain/notifications';
import type { SettingsUseCases } from './domain/settings';
import type { SettingsCache } from './domain/settings-cache';

export interface ContentDeps {
  log: Logger;
  auth: Authenticator;
  settings: SettingsUseCases;
  /** GET /api/settings answers kept in memory, cleared on every write (any replica's). */
  settingsCache: SettingsCache;
  notifications: NotificationUseCases;
}
