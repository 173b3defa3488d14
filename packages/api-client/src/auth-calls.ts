/**
 * The shell's calls to the auth service: sign-in and out, the member's devices, the team and
 * member lists, and the password reset.
 */
import type {
  DeviceSessionsResponse,
  EndOtherSessionsResponse,
  LoginResponse,
  TeamMember,
  User,
} from '@teamapp/contracts';
import { requestData, type ApiRequest } from './request';

export function authCalls(request: ApiRequest) {
  const data = <T>(method: Parameters<ApiRequest>[0], path: string, body?: unknown) =>
    requestData<T>(request, method, path, body);
  return {
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
  };
}
