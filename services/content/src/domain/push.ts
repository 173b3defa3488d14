/**
 * Push to the members' devices (reference §7): the VAPID public key for the browser, each
 * member's subscriptions (one per device, only on the push services' origins), their
 * notification preferences, and the sending of one queued push.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KINDS,
  PUSH_ENDPOINT_NOT_ALLOWED,
  PUSH_SUBSCRIPTION_NOT_FOUND,
  type NotificationPreferences,
  type PushJob,
  type PushSubscriptionInput,
} from '@teamapp/contracts';
import {
  badRequest,
  notFound,
  UnrecoverableError,
  type InTransaction,
  type Logger,
} from '@teamapp/service-kit';
import webPush from 'web-push';
import type { PushRepo } from '../db/push.repo';
import { pushEndpointAllowed, type PushOrigin } from './push-origins';
import type { VapidKeys } from './vapid';

/** How long one request to a push service may take before it is retried later. */
const SEND_TIMEOUT_MS = 10_000;

/** A member's preferences: what they chose over the defaults (a kind added since keeps its default). */
export function withDefaults(chosen: NotificationPreferences | undefined): NotificationPreferences {
  if (!chosen) return DEFAULT_NOTIFICATION_PREFERENCES;
  const kinds = { ...DEFAULT_NOTIFICATION_PREFERENCES.kinds };
  for (const kind of NOTIFICATION_KINDS) kinds[kind] = chosen.kinds[kind] ?? kinds[kind];
  return { ...DEFAULT_NOTIFICATION_PREFERENCES, ...chosen, kinds };
}

/** The public key of an uncompressed P-256 point (65 bytes); throws when it is not one. */
export function p256PublicKey(point: Buffer): KeyObject {
  if (point.length !== 65 || point[0] !== 4) throw new Error('not an uncompressed P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

/** The browser's P-256 public key (65 bytes, uncompressed) and 16-byte secret, or a 400. */
function checkKeys(keys: PushSubscriptionInput['keys']) {
  try {
    p256PublicKey(Buffer.from(keys.p256dh, 'base64url'));
  } catch {
    throw badRequest('keys.p256dh must be a P-256 public key', 'keys.p256dh');
  }
  if (Buffer.from(keys.auth, 'base64url').length !== 16) {
    throw badRequest('keys.auth must be a 16-byte secret', 'keys.auth');
  }
}

export function createPushUseCases(deps: {
  repo: PushRepo;
  inTransaction: InTransaction<{ push: PushRepo }>;
  vapid: VapidKeys;
  subject: string;
  origins: readonly PushOrigin[];
  ttlSeconds: number;
  log: Logger;
}) {
  const { repo, vapid, origins, log } = deps;
  return {
    publicKey: () => vapid.publicKey,

    async subscribe(userId: string, sub: PushSubscriptionInput) {
      // Only a browser's push service: never an address a member names (reference §7).
      if (!pushEndpointAllowed(sub.endpoint, origins)) {
        throw badRequest(PUSH_ENDPOINT_NOT_ALLOWED, 'endpoint');
      }
      checkKeys(sub.keys);
      const row = await repo.saveSubscription(userId, {
        endpoint: sub.endpoint,
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
      });
      return { endpoint: row.endpoint };
    },

    async unsubscribe(userId: string, endpoint: string) {
      if (!(await repo.removeSubscription(userId, endpoint))) {
        throw notFound(PUSH_SUBSCRIPTION_NOT_FOUND);
      }
    },

    preferences: async (userId: string) =>
      withDefaults((await repo.preferencesOf([userId])).get(userId)),

    setPreferences: (userId: string, preferences: NotificationPreferences) =>
      deps.inTransaction(async (store) => {
        await store.push.setPreferences(userId, preferences);
        return preferences;
      }),

    /**
     * Handler of one `push` job: sends it to its device. A subscription gone since, or that
     * the push service no longer knows (404, 410), is done with (the latter dropped); a busy or
     * failing push service is tried again later; any other refusal fails the job for good.
     */
    async send(job: PushJob): Promise<'sent' | 'gone' | 'dropped'> {
      const sub = await repo.subscription(job.subscriptionId);
      if (!sub) return 'gone';
      if (!pushEndpointAllowed(sub.endpoint, origins)) {
        // The list changed since it was stored: no request leaves for it.
        await repo.dropSubscription(sub.id);
        return 'dropped';
      }
      const request = webPush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(job.payload),
        {
          vapidDetails: {
            subject: deps.subject,
            publicKey: vapid.publicKey,
            privateKey: vapid.privateKey,
          },
          TTL: deps.ttlSeconds,
          contentEncoding: 'aes128gcm',
          urgency: job.payload.kind === 'reminders' ? 'high' : 'normal',
        },
      );
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (res.status === 404 || res.status === 410) {
        await repo.dropSubscription(sub.id);
        return 'dropped';
      }
      if (res.status >= 200 && res.status < 300) return 'sent';
      if (res.status === 429 || res.status >= 500) {
        throw new Error(`push service answered ${res.status}`);
      }
      log.warn({ status: res.status, subscriptionId: sub.id }, 'push refused');
      throw new UnrecoverableError(`push service refused the push (${res.status})`);
    },
  };
}

export type PushUseCases = ReturnType<typeof createPushUseCases>;
