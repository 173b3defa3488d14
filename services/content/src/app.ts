/**
 * The content service (branding settings for now; news, showcase and notifications later):
 * builds its dependencies and returns the Koa app without listening.
 */
import path from 'node:path';
import {
  createAuthenticator,
  createLogger,
  createRedis,
  createServiceApp,
  openDatabase,
  resolvePublicKey,
  SessionStore,
  type Authenticator,
  type Logger,
} from '@teamapp/service-kit';
import type Koa from 'koa';
import type { ContentConfig } from './config';
import { schema } from './db/schema';
import { createSettingsRepo } from './db/settings.repo';
import { createSettingsUseCases, type SettingsUseCases } from './domain/settings';
import { settingsRouter } from './routes/settings/settings.router';

/** A 2 MB logo is about 2.8 MB once base64-encoded inside JSON. */
export const JSON_LIMIT = '3mb';

export interface ContentDeps {
  config: ContentConfig;
  log: Logger;
  auth: Authenticator;
  settings: SettingsUseCases;
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
  };
  const app = createServiceApp({
    logger: log,
    routers: [settingsRouter(deps)],
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
      redis.disconnect();
      await database.close();
    },
  };
}
