/**
 * The content service (branding settings and notifications; news and showcase later): builds its
 * dependencies, starts its queue consumers and returns the Koa app without listening.
 */
import path from 'node:path';
import {
  buildFoundation,
  createServiceApp,
  resolvePublicKey,
  retryPolicyFrom,
  startWorker,
  type Authenticator,
  type Logger,
} from '@teamapp/service-kit';
import type Koa from 'koa';
import type { ContentConfig } from './config';
import { schema } from './db/schema';
import { createNotificationsRepo } from './db/notifications.repo';
import { createSettingsRepo } from './db/settings.repo';
import { createNotificationUseCases, type NotificationUseCases } from './domain/notifications';
import { createSettingsUseCases, type SettingsUseCases } from './domain/settings';
import { notificationsRouter } from './routes/notifications/notifications.router';
import { settingsRouter } from './routes/settings/settings.router';

/** A 2 MB logo is about 2.8 MB once base64-encoded inside JSON. */
export const JSON_LIMIT = '3mb';

export interface ContentDeps {
  config: ContentConfig;
  log: Logger;
  auth: Authenticator;
  settings: SettingsUseCases;
  notifications: NotificationUseCases;
}

export interface ContentService {
  app: Koa;
  deps: ContentDeps;
  close: () => Promise<void>;
}

export async function createContentService(config: ContentConfig): Promise<ContentService> {
  const base = await buildFoundation({
    name: 'content',
    config,
    schema,
    migrationsFolder: path.join(__dirname, 'db', 'migrations'),
    publicKey: resolvePublicKey({
      publicKey: config.JWT_PUBLIC_KEY,
      nodeEnv: config.NODE_ENV,
      dataDir: config.DATA_DIR,
    }),
  });
  const { log, db: database } = base;
  const deps: ContentDeps = {
    config,
    log,
    auth: base.auth,
    settings: createSettingsUseCases(createSettingsRepo(database)),
    notifications: createNotificationUseCases(createNotificationsRepo(database)),
  };
  const queueOptions = {
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    log,
    retry: retryPolicyFrom(config),
  };
  const workers = [
    startWorker({
      ...queueOptions,
      queue: 'notifications',
      handler: async (job, raw) => {
        const stored = await deps.notifications.deliver(String(raw.id), job.audience, {
          title: job.title,
          message: job.message,
        });
        log.info({ jobId: raw.id, stored }, 'notifications stored');
      },
    }),
    startWorker({
      ...queueOptions,
      queue: 'members',
      handler: (event) => deps.notifications.memberChanged(event),
    }),
  ];
  const app = createServiceApp({
    logger: log,
    routers: [settingsRouter(deps), notificationsRouter(deps)],
    jsonLimit: JSON_LIMIT,
    readiness: base.readiness,
  });
  return {
    app,
    deps,
    close: async () => {
      await Promise.all(workers.map((w) => w.close()));
      await base.close();
    },
  };
}
