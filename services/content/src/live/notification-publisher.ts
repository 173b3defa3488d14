/**
 * Publishes stored notifications on Redis (NOTIFICATIONS_LIVE_CHANNEL); every chat process
 * listens and hands each to its recipient's open live sockets. One message per delivered job.
 */
import { NOTIFICATIONS_LIVE_CHANNEL, type LiveNotification } from '@teamapp/contracts';
import type { Logger, Redis } from '@teamapp/service-kit';
import type { PublishNotifications } from '../domain/notifications';

export function notificationPublisher(
  redis: Redis,
  prefix: string,
  log: Logger,
): PublishNotifications {
  const channel = `${prefix}${NOTIFICATIONS_LIVE_CHANNEL}`;
  return async (batch: LiveNotification[]) => {
    try {
      await redis.publish(channel, JSON.stringify(batch));
    } catch (err) {
      log.warn({ err }, 'live notification publish failed; the bell reloads on reconnect');
    }
  };
}
