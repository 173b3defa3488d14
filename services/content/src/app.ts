/**
 * The content service (branding settings, notifications, team news, the public showcase and the
 * admins' queues board): builds its dependencies, starts its queue consumers and returns the Koa
 * app without listening.
 */
import path from 'node:path';
import {
  buildFoundation,
  createQueues,
  createReadCache,
  createServiceApp,
  resolvePublicKey,
  type Foundation,
} from '@teamapp/service-kit';
import type Koa from 'koa';
import type { ContentConfig } from './config';
import type { ContentDeps } from './deps';
import { outbox, schema, type ContentSchema } from './db/schema';
import { createNewsRepo } from './db/news.repo';
import { createNotificationsRepo } from './db/notifications.repo';
import { createSettingsRepo } from './db/settings.repo';
import { createShowcaseRepo } from './db/showcase.repo';
import { eventsGamesSource } from './clients/events-games';
import { shellPageSource } from './clients/shell-page';
import { NEWS_SCOPE, userScope } from './domain/list-scopes';
import { createNewsUseCases } from './domain/news';
import { createNotificationUseCases } from './domain/notifications';
import { createQueuesBoardAccess } from './domain/queues-board';
import { notificationPublisher } from './live/notification-publisher';
import { createSettingsUseCases } from './domain/settings';
import { createSettingsCache } from './domain/settings-cache';
import { createShowcaseUseCases, type NewsSource } from './domain/showcase';
import { newsPostsSource } from './domain/showcase-news';
import { membersConsumer } from './jobs/members.consumer';
import { notificationsConsumer } from './jobs/notifications.consumer';
import { newsRouter } from './routes/news/news.router';
import { notificationsRouter } from './routes/notifications/notifications.router';
import { queuesBoard, queuesTicketRouter } from './routes/queues/queues.router';
import { settingsRouter } from './routes/settings/settings.router';
import { showcasePageRouter, showcaseRouter } from './routes/showcase/showcase.router';

/** A 2 MB logo is about 2.8 MB once base64-encoded inside JSON. */
export const JSON_LIMIT = '3mb';

/** The write's result, once the lists it changed are dropped (whether or not it succeeded). */
async function afterwards<T>(write: Promise<T>, changed: () => Promise<void>): Promise<T> {
  try {
    return await write;
  } finally {
    await changed();
  }
}

export interface ContentService {
  app: Koa;
  deps: ContentDeps;
  /** The foundation under the use cases (database, outbox relay), for tests and tools. */
  base: Foundation<ContentSchema>;
  close: () => Promise<void>;
}

export interface ContentServiceOptions {
  /** Where the showcase's latest news comes from (tests pass their own). */
  news?: NewsSource;
}

export async function createContentService(
  config: ContentConfig,
  options: ContentServiceOptions = {},
): Promise<ContentService> {
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
  const settings = createSettingsUseCases({
    repo: createSettingsRepo(db),
    inTransaction: base.unitOfWork((tx) => ({ settings: createSettingsRepo(tx) })),
    onChange: () => settingsCache.invalidate(),
  });
  // The news board and each member's notifications, read on every page, computed once per change.
  const lists = await createReadCache(base.redis, `${config.REDIS_PREFIX}content:lists-changed`, {
    onError: (err) => log.warn({ err }, 'list cache subscription error'),
  });
  const newsChanged = () => lists.invalidate([NEWS_SCOPE]);
  const newsWrites = createNewsUseCases({
    repo: createNewsRepo(db),
    inTransaction: base.unitOfWork((tx) => ({
      news: createNewsRepo(tx),
      notifications: createNotificationsRepo(tx),
    })),
  });
  const newsUseCases: typeof newsWrites = {
    ...newsWrites,
    create: (input, authorId) => afterwards(newsWrites.create(input, authorId), newsChanged),
    update: (id, changes) => afterwards(newsWrites.update(id, changes), newsChanged),
    remove: (id) => afterwards(newsWrites.remove(id), newsChanged),
  };
  const notifications = createNotificationUseCases(
    createNotificationsRepo(db),
    notificationPublisher(base.redis, config.REDIS_PREFIX, log),
    (userIds) => lists.invalidate(userIds.map(userScope)),
  );
  const news: NewsSource = options.news ?? newsPostsSource(newsUseCases);
  const deps: ContentDeps = {
    log,
    auth: base.auth,
    settingsCache,
    settings,
    lists,
    notifications: {
      ...notifications,
      // A member's name or membership shows on the news board (its authors).
      memberChanged: (event) => afterwards(notifications.memberChanged(event), newsChanged),
    },
    news: newsUseCases,
    showcase: createShowcaseUseCases({
      repo: createShowcaseRepo(db),
      branding: settings,
      news,
      games: eventsGamesSource(config.EVENTS_INTERNAL_URL),
      log,
    }),
    shellPage: shellPageSource(config.SHELL_INTERNAL_URL),
    publicUrl: config.PUBLIC_URL,
    queuesBoard: createQueuesBoardAccess({
      redis: base.redis,
      sessions: base.sessions,
      prefix: config.REDIS_PREFIX,
    }),
  };
  // Any successful write here (branding, news, the showcase itself) drops the assembled
  // showcase. A refused or failed request (an unknown path, a method a route lacks, a stranger's
  // write) changed nothing, so the page stays: otherwise anyone could empty it at will.
  const dropShowcaseOnWrite: Koa.Middleware = async (ctx, next) => {
    await next();
    const wrote = ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.method !== 'OPTIONS';
    if (wrote && ctx.status >= 200 && ctx.status < 300) deps.showcase.invalidate();
  };
  base.consume([
    notificationsConsumer(deps.notifications, log),
    membersConsumer(deps.notifications, deps.showcase),
  ]);
  await deps.settings.announce();
  // The board reads every queue of the platform on queues of its own, so the service's metrics
  // count only the queues it uses.
  const boardQueues = createQueues({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  const app = createServiceApp({
    logger: log,
    routers: [
      settingsRouter(deps),
      notificationsRouter(deps),
      newsRouter(deps),
      showcaseRouter(deps),
      showcasePageRouter(deps),
      queuesTicketRouter(deps),
    ],
    jsonLimit: JSON_LIMIT,
    middleware: [dropShowcaseOnWrite, queuesBoard(deps, boardQueues)],
    readiness: base.readiness,
    metrics: base.metrics,
  });
  return {
    app,
    deps,
    base,
    close: async () => {
      await boardQueues.close();
      await settingsCache.close();
      await lists.close();
      await base.close();
    },
  };
}
