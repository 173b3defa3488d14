/**
 * Notification use cases: store a delivered job per recipient, list, count and mark read. Each
 * stored notification goes out live (with the recipient's new unread count), so the bell needs
 * no polling; a failed publish loses nothing, as the bell reloads when its socket comes back.
 */
import type {
  Audience,
  LiveNotification,
  MemberEvent,
  NotificationJob,
  NotificationKind,
  PushAnswerUrls,
  PushPayload,
} from '@teamapp/contracts';
import { memberChangeOf, notFound, type InTransaction } from '@teamapp/service-kit';
import type { NotificationRow } from '../db/schema';
import type { NewsRepo } from '../db/news.repo';
import type { NotificationsRepo } from '../db/notifications.repo';
import type { PushRepo } from '../db/push.repo';
import {
  NEWS_ALL_SCOPE,
  NEWS_SCOPE,
  newsTeamScope,
  SHOWCASE_SCOPE,
  userScope,
} from './list-scopes';
import type { MailRepo } from '../db/mail.repo';
import { KIND_PAGE, plainMail } from './notification-mails';
import { withDefaults } from './push';

export interface NotificationView {
  id: string;
  title: string;
  message: string;
  is_read: boolean;
  created_at: string;
}

const toView = (row: NotificationRow): NotificationView => ({
  id: row.id,
  title: row.title,
  message: row.message,
  is_read: row.isRead,
  created_at: row.createdAt.toISOString(),
});

/**
 * What a stored notification's push says (reference §7). A reminder's Going and Can't Go carry
 * the recipient's own answer links when the job has them (a reminder queued before links were
 * carried has none: its actions open the app).
 */
function pushPayloadOf(
  row: NotificationRow,
  kind: NotificationKind,
  eventId?: string,
  answers?: PushAnswerUrls,
): PushPayload {
  return {
    title: row.title,
    body: row.message,
    kind,
    url: KIND_PAGE[kind],
    tag: row.id,
    ...(eventId && { eventId }),
    actions:
      kind === 'reminders' && eventId
        ? [
            { action: 'going', title: 'Going', ...(answers && { url: answers.attending }) },
            {
              action: 'not-going',
              title: "Can't Go",
              ...(answers && { url: answers['not-attending'] }),
            },
          ]
        : [],
  };
}

/** What a notification job carries to its recipients. */
export type NotificationNote = Pick<
  NotificationJob,
  'title' | 'message' | 'kind' | 'eventId' | 'answerUrls' | 'eventAt' | 'mails'
>;

/** Hands stored notifications to the live channel; never throws. */
export type PublishNotifications = (batch: LiveNotification[]) => Promise<void>;

export function createNotificationUseCases(deps: {
  repo: NotificationsRepo;
  inTransaction: InTransaction<{
    notifications: NotificationsRepo;
    news: Pick<NewsRepo, 'teamsPostedToBy'>;
    push: Pick<PushRepo, 'preferencesOf' | 'subscriptionsOf' | 'dropSubscriptionsOf'>;
    mail: Pick<MailRepo, 'recipients'>;
  }>;
  publish?: PublishNotifications;
  /** The app's address, for the plain notification mails' links. */
  publicUrl: string;
}) {
  const { repo, inTransaction } = deps;
  const publish = deps.publish ?? (async () => undefined);
  return {
    /**
     * Handler of the `notifications` queue; safe to run twice for the same job. Each recipient
     * gets it on the channels their preferences allow for its kind (reference §3): in the bell
     * (a row not shown there still records the delivery), and as one push per device, queued in
     * the same transaction. A notification without a kind goes to the bell only. A recipient
     * with mail on for the kind gets the producer's own mail for them (`mails`), or, when the job
     * brings none, content's plain one; it waits in `notification-mails` for the decision
     * (notification-mails.ts).
     */
    async deliver(jobId: string, audience: Audience, note: NotificationNote) {
      const { kind, eventId, answerUrls, eventAt, mails } = note;
      const rows = await inTransaction(async (store) => {
        const userIds =
          'everyone' in audience
            ? await store.notifications.memberIds()
            : [...new Set(audience.userIds)];
        const chosen = kind ? await store.push.preferencesOf(userIds) : new Map();
        const channels = (userId: string) =>
          kind ? withDefaults(chosen.get(userId)).kinds[kind] : undefined;
        const stored = await store.notifications.insertForRecipients(
          jobId,
          userIds,
          { title: note.title, message: note.message },
          (userId) => channels(userId)?.inApp ?? true,
        );
        store.dropCached(...stored.filter((r) => r.shown).map((r) => userScope(r.userId)));
        if (kind) {
          const pushed = new Map(
            stored.filter((r) => channels(r.userId)?.push).map((r) => [r.userId, r]),
          );
          const devices = await store.push.subscriptionsOf([...pushed.keys()]);
          await store.enqueueAll(
            'push',
            devices.map((sub) => ({
              subscriptionId: sub.id,
              payload: pushPayloadOf(
                pushed.get(sub.userId)!,
                kind,
                eventId,
                answerUrls?.[sub.userId],
              ),
              // An event's change or cancellation: urgent when it starts soon (quiet-hours.ts).
              ...(eventAt && { eventAt }),
            })),
          );
          const mailed = stored.filter((r) => channels(r.userId)?.mail);
          const recipients = mails
            ? new Map()
            : await store.mail.recipients(mailed.map((r) => r.userId));
          await store.enqueueAll(
            'notification-mails',
            mailed.flatMap((row) => {
              const mail = mails
                ? mails[row.userId]
                : plainMail(row, kind, recipients.get(row.userId), deps.publicUrl);
              return mail
                ? [
                    {
                      userId: row.userId,
                      notificationId: row.id,
                      kind,
                      ...(eventAt && { eventAt }),
                      mail,
                    },
                  ]
                : [];
            }),
          );
        }
        return stored.filter((r) => r.shown);
      });
      if (rows.length > 0) {
        const counts = await repo.unreadCounts(rows.map((r) => r.userId));
        await publish(
          rows.map((row) => ({
            userId: row.userId,
            notification: toView(row),
            unreadCount: counts.get(row.userId) ?? 0,
          })),
        );
      }
      return rows.length;
    },
    /**
     * Handler of the `members` queue: joined and updated keep the member in "everyone" (with
     * their name, which news posts show, and their teams, whose posts they read and are told
     * of), left takes them out. Events carry their time, so one handled late changes nothing.
     */
    memberChanged: (event: MemberEvent) =>
      inTransaction(async (store) => {
        const change = memberChangeOf(event);
        // Families: a snapshot from before them describes an adult (the showcase's rule).
        const minor = event.member ? (event.member.minor ?? false) : undefined;
        const applied = await store.notifications.setMember({ ...change, minor });
        // A member who left gets no more pushes on any device (reference §2).
        if (applied && !change.active) await store.push.dropSubscriptionsOf(event.userId);
        if (applied) {
          // The news boards name their authors (the boards of the teams they posted to too);
          // the showcase counts the members. Which teams' boards a member reads is read with
          // each request, so a change of their teams drops nothing more.
          const teams = await store.news.teamsPostedToBy(event.userId);
          store.dropCached(NEWS_SCOPE, NEWS_ALL_SCOPE, ...teams.map(newsTeamScope), SHOWCASE_SCOPE);
        }
        return applied;
      }),
    list: async (userId: string, limit: number) => (await repo.listFor(userId, limit)).map(toView),
    unreadCount: (userId: string) => repo.unreadCount(userId),
    markRead: (userId: string, id: string) =>
      inTransaction(async (store) => {
        if (!(await store.notifications.markRead(userId, id))) throw notFound();
        store.dropCached(userScope(userId));
      }),
    markAllRead: (userId: string) =>
      inTransaction(async (store) => {
        const updated = await store.notifications.markAllRead(userId);
        if (updated > 0) store.dropCached(userScope(userId));
        return updated;
      }),
  };
}

export type NotificationUseCases = ReturnType<typeof createNotificationUseCases>;
