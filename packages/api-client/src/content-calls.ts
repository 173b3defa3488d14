/** The shell's calls to the content service: the notification bell and the branding read. */
import type { BrandingSettings, Notification } from '@teamapp/contracts';
import { requestData, type ApiRequest } from './request';

export function contentCalls(request: ApiRequest) {
  const data = <T>(method: Parameters<ApiRequest>[0], path: string, body?: unknown) =>
    requestData<T>(request, method, path, body);
  return {
    notifications: {
      list: (limit: number) => data<Notification[]>('GET', `/notifications?limit=${limit}`),
      unreadCount: async () =>
        (await data<{ count: number }>('GET', '/notifications/unread-count')).count,
      markRead: (id: string) =>
        request<{ success: true }>('POST', `/notifications/${encodeURIComponent(id)}/read`),
      markAllRead: () => data<{ updated: number }>('POST', '/notifications/mark-all-read'),
    },
    settings: {
      get: () => data<BrandingSettings>('GET', '/settings'),
    },
  };
}
