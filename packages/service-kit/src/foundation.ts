/**
 * What every service stands on: its logger, its database (own schema, migrations applied), the
 * Redis connection with the session store, the authenticator, and the readiness checks.
 */
import path from 'node:path';
import type { Redis } from 'ioredis';
import type { ReadinessCheck } from './app';
import { createAuthenticator, type Authenticator } from './auth';
import type { BaseConfig } from './config';
import { openDatabase, type Database } from './db';
import { createLogger, type Logger } from './logger';
import { createRedis } from './redis';
import { SessionStore } from './sessions';

export interface Foundation<TSchema extends Record<string, unknown>> {
  log: Logger;
  db: Database<TSchema>;
  redis: Redis;
  sessions: SessionStore;
  auth: Authenticator;
  readiness: ReadinessCheck[];
  close: () => Promise<void>;
}

export async function buildFoundation<TSchema extends Record<string, unknown>>(options: {
  /** The service's name: also its database schema and its PGlite folder under DATA_DIR. */
  name: string;
  config: BaseConfig;
  schema: TSchema;
  migrationsFolder: string;
  publicKey: string;
}): Promise<Foundation<TSchema>> {
  const { config, name } = options;
  const log = createLogger(name, config.LOG_LEVEL);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR === 'memory://' ? 'memory://' : path.join(config.DATA_DIR, name),
    schema: options.schema,
    migrationsFolder: options.migrationsFolder,
    migrationsSchema: name,
  });
  const redis = createRedis(config.REDIS_URL);
  const sessions = new SessionStore(redis, config.REDIS_PREFIX);
  return {
    log,
    db: database.db,
    redis,
    sessions,
    auth: createAuthenticator(options.publicKey, sessions),
    readiness: [
      { name: 'database', check: database.ping },
      { name: 'redis', check: () => redis.ping() },
    ],
    close: async () => {
      redis.disconnect();
      await database.close();
    },
  };
}
