/**
 * The content service (branding settings, notifications and the admins' queues board): builds its
 * dependencies, starts its queue consumers and returns the Koa app without listening.
 */
import path from 'node:path';
import {
  buildFoundation,
  createQueues,
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
import { createQueuesBoardAccess } from './domain/queues-board';
import { createSettingsUseCases } from './domain/settings';
import { membersConsumer } from './jobs/members.consumer';
import { notificationsConsumer } from './jobs/notifications.consumer';
import { notificationsRouter } from './routes/notifications/notifications.router';
import { queuesBoard, queuesTicketRouter } from './routes/queues/queues.router';
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
  const deps: ContentDeps = {
    log,
    auth: base.auth,
    settings: createSettingsUseCases({
      repo: createSettingsRepo(db),
      inTransaction: base.unitOfWork((tx) => ({ settings: createSettingsRepo(tx) })),
    }),
    notifications: createNotificationUseCases(createNotificationsRepo(db)),
    queuesBoard: createQueuesBoardAccess({
      redis: base.redis,
      sessions: base.sessions,
      prefix: config.REDIS_PREFIX,
    }),
  };
  base.consume([
    notificationsConsumer(deps.notifications, log),
    membersConsumer(deps.notifications),
  ]);
  await deps.settings.announce();
  // The board reads every queue of the platform on queues of its own, so the service's metrics
  // count only the queues it uses.
  const boardQueues = createQueues({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  const app = createServiceApp({
    logger: log,
    routers: [settingsRouter(deps), notificationsRouter(deps), queuesTicketRouter(deps)],
    jsonLimit: JSON_LIMIT,
    middleware: [queuesBoard(deps, boardQueues)],
    readiness: base.readiness,
    metrics: base.metrics,
  });
  return {
    app,
    deps,
    base,
    close: async () => {
      await boardQueues.close();
      await base.close();
    },
  };
}
