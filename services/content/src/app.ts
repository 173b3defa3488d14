/**
 * The content service (branding settings and notifications; news and showcase later): builds its
 * dependencies, starts its queue consumers and returns the Koa app without listening.
 */
import path from 'node:path';
import {
  buildFoundation,
  createServiceApp,
  resolvePublicKey,
  type Foundation,
} from '@teamapp/service-kit';
import type Koa from 'koa';
import type { ContentConfig } from './config';
import type { ContentDeps } from './deps';
import { outbox, schema, type ContentSchema } from './db/schema';
import { createNotificationsRepo } from './db/notifications.repo';
import { createSettingsRepo } from './db/settings.repo';
import { createNotificationUseCases } from './domain/notifications';
import { createSettingsUseCases } from './domain/settings';
import { createSettingsCache } from './domain/settings-cache';
import { membersConsumer } from './jobs/members.consumer';
import { notificationsConsumer } from './jobs/notifications.consumer';
import { notificationsRouter } from './routes/notifications/notifications.router';
import { settingsRouter } from './routes/settings/settings.router';

/** A 2 MB logo is about 2.8 MB once base64-encoded inside JSON. */
export const JSON_LIMIT = '3mb';

export interface ContentService {
  app: Koa;
  deps: ContentDeps;
  /** The foundation under the use cases (database, outbox relay), for tests and tools. */
  base: Foundation<ContentSchema>;
  close: () => Promise<void>;
}

export async function createContentService(config: ContentConfig): Promise<ContentService> {
  const base = await buildFoundation({
    name: 'content',
    config,
    schema,
    outbox,
    migrationsFolder: path.join(__dirname, 'db', 'migrations'),
    publicKey: resolvePublicKey({
      publicKey: config.JWT_PUBLIC_KEY,
      nodeEnv: config.NODE_ENV,
      dataDir: config.DATA_DIR,
    }),
  });
  const { log, db } = base;
  const settingsCache = await createSettingsCache(base.redis, config.REDIS_PREFIX, {
    onError: (err) => log.warn({ err }, 'settings subscription error'),
  });
  const deps: ContentDeps = {
    log,
    auth: base.auth,
    settingsCache,
    settings: createSettingsUseCases({
      repo: createSettingsRepo(db),
      inTransaction: base.unitOfWork((tx) => ({ settings: createSettingsRepo(tx) })),
      onChange: () => settingsCache.invalidate(),
    }),
    notifications: createNotificationUseCases(createNotificationsRepo(db)),
  };
  base.consume([
    notificationsConsumer(deps.notifications, log),
    membersConsumer(deps.notifications),
  ]);
  await deps.settings.announce();
  const app = createServiceApp({
    logger: log,
    routers: [settingsRouter(deps), notificationsRouter(deps)],
    jsonLimit: JSON_LIMIT,
    readiness: base.readiness,
  });
  const close = async () => {
    await settingsCache.close();
    await base.close();
  };
  return { app, deps, base, close };
}
