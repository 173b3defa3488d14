/**
 * The auth service: builds its dependencies from config and returns the Koa app without
 * listening, so tests run it in-process on a real database and Redis.
 */
import path from 'node:path';
import {
  createAuthenticator,
  createLogger,
  createQueues,
  createRedis,
  createServiceApp,
  openDatabase,
  resolveKeyPair,
  retryPolicyFrom,
  SessionStore,
  startOutboxRelay,
  type Authenticator,
  type Database,
  type KeyPair,
  type Logger,
  type OutboxRelay,
} from '@teamapp/service-kit';
import type Koa from 'koa';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD, type AuthConfig } from './config';
import { outbox, schema, type AuthSchema } from './db/schema';
import { transactionRunner, type InTransaction } from './db/store';
import { createUsersRepo, type UsersRepo } from './db/users.repo';
import { seedAdmin } from './domain/users';
import { authRouter } from './routes/auth/auth.router';
import { passwordResetRouter } from './routes/password-reset/password-reset.router';
import { userRouter } from './routes/user/user.router';

export interface AuthDeps {
  config: AuthConfig;
  log: Logger;
  db: Database<AuthSchema>;
  users: UsersRepo;
  inTransaction: InTransaction;
  relay: OutboxRelay;
  sessions: SessionStore;
  auth: Authenticator;
  keys: KeyPair;
}

export interface AuthService {
  app: Koa;
  deps: AuthDeps;
  close: () => Promise<void>;
}

export async function createAuthService(config: AuthConfig): Promise<AuthService> {
  const log = createLogger('auth', config.LOG_LEVEL);
  const keys = resolveKeyPair({
    privateKey: config.JWT_PRIVATE_KEY,
    publicKey: config.JWT_PUBLIC_KEY,
    nodeEnv: config.NODE_ENV,
    dataDir: config.DATA_DIR,
  });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR === 'memory://' ? 'memory://' : path.join(config.DATA_DIR, 'auth'),
    schema,
    migrationsFolder: path.join(__dirname, 'db', 'migrations'),
    migrationsSchema: 'auth',
  });
  const redis = createRedis(config.REDIS_URL);
  const sessions = new SessionStore(redis, config.REDIS_PREFIX);
  const queues = createQueues({
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    retry: retryPolicyFrom(config),
  });
  const relay = startOutboxRelay({
    db: database.db,
    table: outbox,
    queues,
    log,
    intervalMs: config.OUTBOX_INTERVAL_MS,
  });
  const inTransaction = transactionRunner(database.db, relay);

  const admin =
    config.ADMIN_EMAIL && config.ADMIN_PASSWORD
      ? { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }
      : { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD };
  await seedAdmin(inTransaction, { ...admin, name: config.ADMIN_NAME }, log);

  const deps: AuthDeps = {
    config,
    log,
    db: database.db,
    users: createUsersRepo(database.db),
    inTransaction,
    relay,
    sessions,
    keys,
    auth: createAuthenticator(keys.publicKey, sessions),
  };
  const app = createServiceApp({
    logger: log,
    routers: [authRouter(deps), userRouter(deps), passwordResetRouter(deps)],
    readiness: [
      { name: 'database', check: database.ping },
      { name: 'redis', check: () => redis.ping() },
    ],
  });
  return {
    app,
    deps,
    close: async () => {
      await relay.stop();
      await queues.close();
      redis.disconnect();
      await database.close();
    },
  };
}
