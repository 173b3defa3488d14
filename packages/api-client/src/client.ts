/**
 * The typed client every frontend uses: /api base, JSON, the bearer token from storage and the
 * SPEC §7 calls. Errors become ApiError (see errors.ts).
 */
import type {
  BrandingSettings,
  CreateUserInput,
  LoginResponse,
  Notification,
  TeamMember,
  UpdateSettingsInput,
  User,
} from '@teamapp/contracts';
import { ApiError, NETWORK_ERROR, REQUEST_FAILED } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface ApiClientOptions {
  /** Where the API lives; defaults to /api on the page's own host. */
  baseUrl?: string;
  /** Returns the stored token, if any. */
  getToken?: () => string | null;
  /** Called when a call with a token answers 401 (the session ended on the server). */
  onUnauthorized?: () => void;
  fetchImpl?: typeof fetch;
}

interface Envelope<T> {
  success: boolean;
  data: T;
}

function readErrorText(body: unknown): string | undefined {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['error', 'message']) {
      const value = record[key];
      if (typeof value === 'string' && value) return value;
    }
  }
  return undefined;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/$/, '');
  const doFetch = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function request<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = options.getToken?.() ?? null;
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiError(500, NETWORK_ERROR, false);
    }

    const text = await response.text();
    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    if (!response.ok) {
      if (response.status === 401 && token) options.onUnauthorized?.();
      const serverText = readErrorText(parsed);
      throw new ApiError(response.status, serverText ?? REQUEST_FAILED, serverText !== undefined);
    }
    return parsed as T;
  }

  const data = async <T>(method: HttpMethod, path: string, body?: unknown) =>
    (await request<Envelope<T>>(method, path, body)).data;

  return {
    request,
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
    users: {
      team: () => data<TeamMember[]>('GET', '/user/team'),
      all: () => data<User[]>('GET', '/user/all'),
      create: (input: CreateUserInput) => data<User>('POST', '/user', input),
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
      update: (input: UpdateSettingsInput) => data<BrandingSettings>('PUT', '/settings', input),
      uploadLogo: (logoUrl: string) =>
        data<BrandingSettings>('POST', '/settings/logo', { logoUrl }),
      removeLogo: () => data<BrandingSettings>('DELETE', '/settings/logo'),
      reset: () => data<BrandingSettings>('POST', '/settings/reset'),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
