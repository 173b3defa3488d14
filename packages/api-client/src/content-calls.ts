/**
 * The shell's calls to the content service: the notification bell and the branding read. Each
 * goes through its endpoint in packages/contracts (`notificationsEndpoints`, `settingsEndpoints`).
 */
import { notificationsEndpoints, settingsEndpoints } from '@teamapp/contracts';
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
    settings: {
      get: async () => (await call(request, settingsEndpoints.get)).data,
    },
  };
}
