/**
 * The content service (branding settings and notifications; news and showcase later): builds its
 * dependencies, starts its queue consumers and returns the Koa app without listening.
 */
import path from 'node:path';
import {
  createAuthenticator,
  createLogger,
  createRedis,
  createServiceApp,
  openDatabase,
  resolvePublicKey,
  retryPolicyFrom,
  SessionStore,
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
  const log = createLogger('content', config.LOG_LEVEL);
  const publicKey = resolvePublicKey({
    publicKey: config.JWT_PUBLIC_KEY,
    nodeEnv: config.NODE_ENV,
    dataDir: config.DATA_DIR,
  });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR === 'memory://' ? 'memory://' : path.join(config.DATA_DIR, 'content'),
    schema,
    migrationsFolder: path.join(__dirname, 'db', 'migrations'),
    migrationsSchema: 'content',
  });
  const redis = createRedis(config.REDIS_URL);
  const sessions = new SessionStore(redis, config.REDIS_PREFIX);
  const deps: ContentDeps = {
    config,
    log,
    auth: createAuthenticator(publicKey, sessions),
    settings: createSettingsUseCases(createSettingsRepo(database.db)),
    notifications: createNotificationUseCases(createNotificationsRepo(database.db)),
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
    readiness: [
      { name: 'database', check: database.ping },
      { name: 'redis', check: () => redis.ping() },
    ],
  });
  return {
    app,
    deps,
    close: async () => {
      await Promise.all(workers.map((w) => w.close()));
      redis.disconnect();
      await database.close();
    },
  };
}
