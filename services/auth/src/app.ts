/**
 * The auth service: builds its dependencies from config and returns the Koa app without
 * listening, so tests run it in-process on a real database and Redis.
 */
import path from 'node:path';
import {
  buildFoundation,
  createQueues,
  createServiceApp,
  resolveKeyPair,
  retryPolicyFrom,
  startOutboxRelay,
  type SessionStore,
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
  const keys = resolveKeyPair({
    privateKey: config.JWT_PRIVATE_KEY,
    publicKey: config.JWT_PUBLIC_KEY,
    nodeEnv: config.NODE_ENV,
    dataDir: config.DATA_DIR,
  });
  const base = await buildFoundation({
    name: 'auth',
    config,
    schema,
    migrationsFolder: path.join(__dirname, 'db', 'migrations'),
    publicKey: keys.publicKey,
  });
  const { log, db, sessions } = base;
  const queues = createQueues({
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    retry: retryPolicyFrom(config),
  });
  const relay = startOutboxRelay({
    db,
    table: outbox,
    queues,
    log,
    intervalMs: config.OUTBOX_INTERVAL_MS,
  });
  const inTransaction = transactionRunner(db, relay);

  const admin =
    config.ADMIN_EMAIL && config.ADMIN_PASSWORD
      ? { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }
      : { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD };
  await seedAdmin(inTransaction, { ...admin, name: config.ADMIN_NAME }, log);

  const deps: AuthDeps = {
    config,
    log,
    db,
    users: createUsersRepo(db),
    inTransaction,
    relay,
    sessions,
    keys,
    auth: base.auth,
  };
  const app = createServiceApp({
    logger: log,
    routers: [authRouter(deps), userRouter(deps), passwordResetRouter(deps)],
    readiness: base.readiness,
  });
  return {
    app,
    deps,
    close: async () => {
      await relay.stop();
      await queues.close();
      await base.close();
    },
  };
}
