/**
 * The content service (branding settings, notifications, team news, the public showcase and the
 * admins' queues board): builds its dependencies, starts its queue consumers and returns the Koa
 * app without listening.
 */
import {
  buildServiceFoundation,
  clockOf,
  closeInTurn,
  createQueues,
  createReadCache,
  secretKeyFrom,
  type ClockOptions,
  type ServiceHandle,
} from '@teamapp/service-kit';
import type { ContentConfig } from './config';
import type { ContentDeps } from './deps';
import { outbox, schema, type ContentSchema } from './db/schema';
import { createMailRepo } from './db/mail.repo';
import { createNewsRepo } from './db/news.repo';
import { createNotificationsRepo } from './db/notifications.repo';
import { createPushRepo } from './db/push.repo';
import { createSettingsRepo } from './db/settings.repo';
import { createShowcaseRepo } from './db/showcase.repo';
import { createTeamsRepo } from './db/teams.repo';
import { eventsGamesSource } from './clients/events-games';
import { createNewsUseCases } from './domain/news';
import { createNotificationMails } from './domain/notification-mails';
import { createNotificationUseCases } from './domain/notifications';
import { createPushUseCases } from './domain/push';
import { createPushHold } from './domain/quiet-hours';
import { createQueuesBoardAccess } from './domain/queues-board';
import { unsubscribeSigner } from './domain/unsubscribe-links';
import { resolveVapidKeys } from './domain/vapid';
import { notificationPublisher } from './live/notification-publisher';
import { createSettingsUseCases } from './domain/settings';
import { settingsCache } from './domain/settings-cache';
import { createShowcaseUseCases, type NewsSource } from './domain/showcase';
import { newsPostsSource } from './domain/showcase-news';
import { scheduleDigest } from './jobs/digest';
import { membersConsumer } from './jobs/members.consumer';
import { notificationMailsConsumer } from './jobs/notification-mails.consumer';
import { notificationsConsumer } from './jobs/notifications.consumer';
import { pushConsumer } from './jobs/push.consumer';
import { teamsConsumer } from './jobs/teams.consumer';
import { newsRouter } from './routes/news/news.router';
import { notificationsRouter } from './routes/notifications/notifications.router';
import { queuesBoard, queuesTicketRouter } from './routes/queues/queues.router';
import { settingsRouter } from './routes/settings/settings.router';
import { showcasePageRouter, showcaseRouter } from './routes/showcase/showcase.router';
import { unsubscribeRouter } from './routes/unsubscribe/unsubscribe.router';

/** A 2 MB logo is about 2.8 MB once base64-encoded inside JSON. */
export const JSON_LIMIT = '3mb';

export type ContentService = ServiceHandle<ContentDeps, ContentSchema>;

/** The clock (`now`) is the one quiet hours and the digest are read on. */
export interface ContentServiceOptions extends ClockOptions {
  /** Where the showcase's latest news comes from (tests pass their own). */
  news?: NewsSource;
}

export async function createContentService(
  config: ContentConfig,
  options: ContentServiceOptions = {},
): Promise<ContentService> {
  // Before any connection opens, as the JWT key is: a start without them fails cleanly.
  const vapid = resolveVapidKeys(config);
  const unsubscribeKey = secretKeyFrom(config, 'UNSUBSCRIBE_LINK_KEY', 'unsubscribe-link.key');
  const now = clockOf(options);
  const base = await buildServiceFoundation(__dirname, { name: 'content', config, schema, outbox });
  const { log, db } = base;
  // What every page reads and only writes here change (the branding, the news board, each
  // member's notifications, the assembled showcase), computed once per change: each write names
  // the scopes it changes (domain/list-scopes.ts), dropped once it has committed.
  const cache = await createReadCache(base.redis, `${config.REDIS_PREFIX}content:cache-changed`, {
    onError: (err) => log.warn({ err }, 'read cache subscription error'),
  });
  const settings = createSettingsUseCases({
    repo: createSettingsRepo(db),
    inTransaction: base.unitOfWork((tx) => ({ settings: createSettingsRepo(tx) }), cache),
  });
  const newsUseCases = createNewsUseCases({
    repo: createNewsRepo(db),
    members: createNotificationsRepo(db),
    inTransaction: base.unitOfWork(
      (tx) => ({
        news: createNewsRepo(tx),
        notifications: createNotificationsRepo(tx),
        teams: createTeamsRepo(tx),
      }),
      cache,
    ),
  });
  const news: NewsSource = options.news ?? newsPostsSource(newsUseCases);
  const deps: ContentDeps = {
    log,
    auth: base.auth,
    settingsCache: settingsCache(cache),
    settings,
    lists: cache,
    notifications: createNotificationUseCases({
      repo: createNotificationsRepo(db),
      inTransaction: base.unitOfWork(
        (tx) => ({
          notifications: createNotificationsRepo(tx),
          news: createNewsRepo(tx),
          push: createPushRepo(tx),
          mail: createMailRepo(tx),
        }),
        cache,
      ),
      publish: notificationPublisher(base.redis, config.REDIS_PREFIX, log),
      publicUrl: config.PUBLIC_URL,
    }),
    mails: createNotificationMails({
      repo: createMailRepo(db),
      push: createPushRepo(db),
      inTransaction: base.unitOfWork(
        (tx) => ({ mail: createMailRepo(tx), push: createPushRepo(tx) }),
        cache,
      ),
      sendMail: (mail, jobId) => base.queues.add('mail', mail, jobId),
      unsubscribe: unsubscribeSigner(unsubscribeKey, config.PUBLIC_URL),
      zone: config.CLUB_TIME_ZONE,
      now,
      publicUrl: config.PUBLIC_URL,
    }),
    push: createPushUseCases({
      repo: createPushRepo(db),
      inTransaction: base.unitOfWork((tx) => ({ push: createPushRepo(tx) }), cache),
      vapid,
      subject: config.VAPID_SUBJECT,
      origins: config.pushOrigins,
      ttlSeconds: config.PUSH_TTL_SECONDS,
      log,
    }),
    news: newsUseCases,
    showcase: createShowcaseUseCases({
      repo: createShowcaseRepo(db),
      teams: createTeamsRepo(db),
      inTransaction: base.unitOfWork(
        (tx) => ({ showcase: createShowcaseRepo(tx), teams: createTeamsRepo(tx) }),
        cache,
      ),
      cache,
      branding: settings,
      news,
      games: eventsGamesSource(config.EVENTS_INTERNAL_URL),
      log,
    }),
    publicUrl: config.PUBLIC_URL,
    queuesBoard: createQueuesBoardAccess({
      redis: base.redis,
      sessions: base.sessions,
      prefix: config.REDIS_PREFIX,
    }),
  };
  base.consume([
    notificationsConsumer(deps.notifications, log),
    pushConsumer(
      deps.push,
      createPushHold({
        repo: createPushRepo(db),
        zone: config.CLUB_TIME_ZONE,
        now,
      }),
      log,
    ),
    notificationMailsConsumer(deps.mails, log),
    membersConsumer(deps.notifications),
    teamsConsumer(deps.showcase),
  ]);
  await deps.settings.announce();
  const digest = await scheduleDigest({
    redis: base.redis,
    prefix: config.REDIS_PREFIX,
    timeZone: config.CLUB_TIME_ZONE,
    mails: deps.mails,
    log,
  });
  // The board reads every queue of the platform on queues of its own, so the service's metrics
  // count only the queues it uses.
  const boardQueues = createQueues({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  const app = base.createApp({
    routers: [
      settingsRouter(deps),
      unsubscribeRouter(deps),
      notificationsRouter(deps),
      newsRouter(deps),
      showcaseRouter(deps),
      showcasePageRouter(deps),
      queuesTicketRouter(deps),
    ],
    jsonLimit: JSON_LIMIT,
    middleware: [queuesBoard(deps, boardQueues)],
  });
  return { app, deps, base, close: closeInTurn(digest, boardQueues, cache, base) };
}
