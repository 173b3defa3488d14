/**
 * The shell's calls to the content service: the notification bell, push and the notification
 * preferences, and the branding read. Each goes through its endpoint in packages/contracts
 * (`notificationsEndpoints`, `notificationSettingsEndpoints`, `settingsEndpoints`).
 */
import {
  notificationSettingsEndpoints,
  notificationsEndpoints,
  settingsEndpoints,
  type NotificationPreferences,
  type PushSubscriptionInput,
} from '@teamapp/contracts';
import { call } from './call';
import type { ApiRequest } from './request';

export function contentCalls(request: ApiRequest) {
  const api = notificationsEndpoints;
  return {
    notifications: {
      list: async (limit: number) => (await call(request, api.list, { query: { limit } })).data,
      unreadCount: async () => (await call(request, api.unreadCount)).data.count,
      markRead: (id: string) => call(request, api.markRead, { params: { id } }),
      markAllRead: async () => (await call(request, api.markAllRead)).data,
    },
    /** Push on this device and the member's notification preferences (/profile). */
    push: {
      publicKey: async () =>
        (await call(request, notificationSettingsEndpoints.pushKey)).data.publicKey,
      subscribe: async (subscription: PushSubscriptionInput) =>
        (await call(request, notificationSettingsEndpoints.subscribe, { body: subscription })).data,
      unsubscribe: (endpoint: string) =>
        call(request, notificationSettingsEndpoints.unsubscribe, { body: { endpoint } }),
      preferences: async () =>
        (await call(request, notificationSettingsEndpoints.preferences)).data,
      setPreferences: async (preferences: NotificationPreferences) =>
        (await call(request, notificationSettingsEndpoints.setPreferences, { body: preferences }))
          .data,
    },
    settings: {
      get: async () => (await call(request, settingsEndpoints.get)).data,
    },
  };
}
