/**
 * Notification mails (reference §2): every mail a notification brings a member waits in the
 * `notification-mails` queue and is decided when it is due, on what the member chose then.
 *
 * - Mail turned off for its kind: it does not go.
 * - The notification read in the app meanwhile: it does not go (nothing read is mailed again).
 * - An urgent change (an event's change or cancellation starting within
 *   URGENT_EVENT_WINDOW_HOURS) goes at once, digest and quiet hours notwithstanding.
 * - The daily digest chosen: it is held for the day's digest, except a reminder, which goes on its
 *   own (its one-tap answers work until the event starts, which may come before the digest).
 * - Quiet hours: it waits until they end (the consumer delays it) and is decided again then.
 * - Otherwise it goes to the mailer, with its one-click unsubscribe (unsubscribe-links.ts).
 *
 * The digest (jobs/digest.ts) runs once a day at DIGEST_HOUR in the club's time zone: each member's
 * held items, less those read or whose kind's mail was turned off since, in one mail; the items
 * are taken in the same transaction, so each is mailed once.
 */
import {
  NOTIFICATION_KIND_LABELS,
  type MailJob,
  type NotificationKind,
  type NotificationMail,
  type NotificationMailJob,
} from '@teamapp/contracts';
import type { InTransaction } from '@teamapp/service-kit';
import { DateTime } from 'luxon';
import { z } from 'zod';
import type { MailRepo } from '../db/mail.repo';
import type { PushRepo } from '../db/push.repo';
import { withDefaults } from './push';
import { isUrgent, quietUntil } from './quiet-hours';
import type { UnsubscribeSigner } from './unsubscribe-links';

/** The page a notification opens, by kind (reference §2): a push's, and a mail's link. */
export const KIND_PAGE: Record<NotificationKind, string> = {
  events: '/schedule',
  reminders: '/schedule',
  chat: '/chat',
  news: '/news',
  tasks: '/club-development',
};

const email = z.email();
/** An address the mailer can send to (a child without a login may have none). */
export const mailable = (address: string | null | undefined): address is string =>
  !!address && email.safeParse(address).success;

/** content's plain mail for a notification that brings no mail of its producer's. */
export function plainMail(
  note: { title: string; message: string },
  kind: NotificationKind,
  recipient: { email: string | null; name: string } | undefined,
  publicUrl: string,
): NotificationMail | undefined {
  if (!mailable(recipient?.email)) return undefined;
  return {
    template: 'notification',
    to: recipient.email,
    name: recipient.name || 'team member',
    title: note.title,
    message: note.message,
    url: `${publicUrl.replace(/\/$/, '')}${KIND_PAGE[kind]}`,
  };
}

export type MailOutcome =
  { outcome: 'off' | 'read' | 'digest' | 'sent' } | { outcome: 'held'; until: Date };

export function createNotificationMails(deps: {
  repo: Pick<MailRepo, 'notification'>;
  push: Pick<PushRepo, 'preferencesOf'>;
  inTransaction: InTransaction<{
    mail: MailRepo;
    push: Pick<PushRepo, 'preferencesOf' | 'setPreferences'>;
  }>;
  /** Hands a mail to the mailer's queue; `jobId` makes a second hand-over of it nothing. */
  sendMail: (mail: MailJob, jobId: string) => Promise<void>;
  unsubscribe: UnsubscribeSigner;
  zone: string;
  now: () => Date;
  publicUrl: string;
}) {
  const { unsubscribe, zone } = deps;
  return {
    /** Handler of one `notification-mails` job (safe to run twice: see sendMail and hold). */
    async decide(job: NotificationMailJob, jobId: string): Promise<MailOutcome> {
      const now = deps.now();
      const chosen = withDefaults((await deps.push.preferencesOf([job.userId])).get(job.userId));
      if (!chosen.kinds[job.kind].mail) return { outcome: 'off' };
      const note = await deps.repo.notification(job.notificationId);
      if (!note || note.isRead) return { outcome: 'read' };
      const urgent = isUrgent(job.eventAt, now);
      if (!urgent && chosen.digest && job.kind !== 'reminders') {
        await deps.inTransaction((store) =>
          store.mail.hold({
            userId: job.userId,
            notificationId: job.notificationId,
            kind: job.kind,
            title: note.title,
            message: note.message,
            url: `${deps.publicUrl.replace(/\/$/, '')}${KIND_PAGE[job.kind]}`,
          }),
        );
        return { outcome: 'digest' };
      }
      const until = urgent ? null : quietUntil(chosen.quietHours, zone, now);
      if (until) return { outcome: 'held', until };
      await deps.sendMail(
        { ...job.mail, unsubscribeUrl: unsubscribe.url(job.userId, [job.kind]) },
        `notification-mail-${jobId}`,
      );
      return { outcome: 'sent' };
    },

    /** The daily digest: one mail per member with held items still to mail. How many went. */
    sendDigests: () =>
      deps.inTransaction(async (store) => {
        const held = await store.mail.takeHeld();
        if (held.length === 0) return 0;
        const userIds = [...new Set(held.map((i) => i.userId))];
        const chosen = await store.push.preferencesOf(userIds);
        const recipients = await store.mail.recipients(userIds);
        const read = await store.mail.readAmong(held.map((i) => i.notificationId));
        const day = DateTime.fromJSDate(deps.now(), { zone })
          .setLocale('en-US')
          .toFormat('cccc, LLLL d');
        let sent = 0;
        for (const userId of userIds) {
          const kinds = withDefaults(chosen.get(userId)).kinds;
          const items = held.filter(
            (i) => i.userId === userId && kinds[i.kind].mail && !read.has(i.notificationId),
          );
          const to = recipients.get(userId);
          if (items.length === 0 || !mailable(to?.email)) continue;
          await store.enqueue('mail', {
            template: 'digest',
            to: to.email,
            name: to.name || 'team member',
            day,
            items: items.map(({ title, message, url }) => ({ title, message, url })),
            unsubscribeUrl: unsubscribe.url(userId, [...new Set(items.map((i) => i.kind))]),
          });
          sent++;
        }
        await store.mail.drop(held.map((i) => i.id));
        return sent;
      }),

    /** What an unsubscribe token would turn off, or undefined when it is not a good one. */
    preview: (token: string) => unsubscribe.read(token),

    /**
     * Turns mail off for the token's member and kinds (reference §2); true when the token is good.
     * Again with the same token changes nothing more.
     */
    unsubscribe: async (token: string) => {
      const claims = unsubscribe.read(token);
      if (!claims) return undefined;
      await deps.inTransaction(async (store) => {
        const current = withDefaults(
          (await store.push.preferencesOf([claims.memberId])).get(claims.memberId),
        );
        const kinds = structuredClone(current.kinds);
        for (const kind of claims.kinds) kinds[kind].mail = false;
        await store.push.setPreferences(claims.memberId, { ...current, kinds });
      });
      return claims;
    },
  };
}

export type NotificationMails = ReturnType<typeof createNotificationMails>;

/** "News", "News and Tasks": the kinds a token is for, as the member reads them. */
export const kindsInWords = (kinds: readonly NotificationKind[]) => {
  const labels = kinds.map((k) => NOTIFICATION_KIND_LABELS[k]);
  return labels.length <= 1
    ? (labels[0] ?? '')
    : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
};
