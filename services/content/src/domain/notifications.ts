/**
 * Notification use cases: store a delivered job per recipient, list, count and mark read. Each
 * stored notification goes out live (with the recipient's new unread count), so the bell needs
 * no polling; a failed publish loses nothing, as the bell reloads when its socket comes back.
 */
import type { Audience, LiveNotification, MemberEvent } from '@teamapp/contracts';
import { notFound } from '@teamapp/service-kit';
import type { NotificationRow } from '../db/schema';
import type { NotificationsRepo } from '../db/notifications.repo';

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

/** Hands stored notifications to the live channel; never throws. */
export type PublishNotifications = (batch: LiveNotification[]) => Promise<void>;

/** Told which members' lists changed, once the change is stored (the read cache drops them). */
export type NotificationsChanged = (userIds: string[]) => Promise<void>;

export function createNotificationUseCases(
  repo: NotificationsRepo,
  publish: PublishNotifications = async () => undefined,
  changed: NotificationsChanged = async () => undefined,
) {
  return {
    /** Handler of the `notifications` queue; safe to run twice for the same job. */
    async deliver(jobId: string, audience: Audience, note: { title: string; message: string }) {
      const userIds =
        'everyone' in audience ? await repo.memberIds() : [...new Set(audience.userIds)];
      const rows = await repo.insertForRecipients(jobId, userIds, note);
      if (rows.length > 0) {
        await changed(rows.map((r) => r.userId));
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
     * Handler of the `members` queue: joined and updated keep the member in "everyone" (and
     * their name, which news posts show), left takes them out. Events carry their time, so one handled late changes nothing.
     */
    memberChanged: (event: MemberEvent) =>
      repo.setMember(
        event.userId,
        event.kind !== 'left',
        event.at ? new Date(event.at) : new Date(),
        event.member?.name,
      ),
    list: async (userId: string, limit: number) => (await repo.listFor(userId, limit)).map(toView),
    unreadCount: (userId: string) => repo.unreadCount(userId),
    async markRead(userId: string, id: string) {
      if (!(await repo.markRead(userId, id))) throw notFound();
      await changed([userId]);
    },
    async markAllRead(userId: string) {
      const updated = await repo.markAllRead(userId);
      if (updated > 0) await changed([userId]);
      return updated;
    },
  };
}

export type NotificationUseCases = ReturnType<typeof createNotificationUseCases>;
