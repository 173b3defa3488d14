/**
 * The shell's own endpoints (sign-in, password reset, notifications, the branding read and the
 * dashboard's user lists) on top of the session's request function. Remotes do not use this:
 * each keeps its fetchers in its own features/<feature>/api files.
 */
import type {
  BrandingSettings,
  DeviceSessionsResponse,
  EndOtherSessionsResponse,
  LoginResponse,
  Notification,
  TeamMember,
  User,
} from '@teamapp/contracts';
import { createRequest, requestData, type ApiRequest, type RequestOptions } from './request';

export function createApiClient(requestOrOptions: ApiRequest | RequestOptions = {}) {
  const request =
    typeof requestOrOptions === 'function' ? requestOrOptions : createRequest(requestOrOptions);
  const data = <T>(method: Parameters<ApiRequest>[0], path: string, body?: unknown) =>
    requestData<T>(request, method, path, body);

  return {
    request,
    // Reference §7's generic helper: any method on any path.
    get: <T>(path: string) => request<T>('GET', path),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
    put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
    patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
    delete: <T>(path: string) => request<T>('DELETE', path),
    auth: {
      login: (email: string, password: string) =>
        request<LoginResponse>('POST', '/auth/login', { email, password }),
      logout: () => request<{ success: true }>('POST', '/auth/logout'),
    },
    /** The member's signed-in devices: list them, sign one out, sign out all but this one. */
    sessions: {
      list: () => request<DeviceSessionsResponse>('GET', '/auth/sessions'),
      end: (id: string) =>
        request<{ success: true; message: string }>(
          'DELETE',
          `/auth/sessions/${encodeURIComponent(id)}`,
        ),
      endOthers: () => request<EndOtherSessionsResponse>('POST', '/auth/sessions/revoke-others'),
    },
    users: {
      team: () => data<TeamMember[]>('GET', '/user/team'),
      all: () => data<User[]>('GET', '/user/all'),
    },
    passwordReset: {
      request: (email: string) =>
        request<{ success: true; message: string }>('POST', '/password-reset/request', {
          email: email.trim().toLowerCase(),
        }),
      verify: (token: string) =>
        request<{ success: true; message: string }>('POST', '/password-reset/verify', { token }),
      confirm: (token: string, newPassword: string) =>
        request<{ success: true; message: string }>('POST', '/password-reset/confirm', {
          token,
          newPassword,
        }),
    },
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

export type ApiClient = ReturnType<typeof createApiClient>;
