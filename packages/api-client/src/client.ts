/**
 * The shell's own endpoints (sign-in, password reset, notifications, the branding read and the
 * dashboard's user lists) on top of the session's request function. Remotes do not use this:
 * each keeps its fetchers in its own features/<feature>/api files.
 */
import { authCalls } from './auth-calls';
import { contentCalls } from './content-calls';
import { createRequest, type ApiRequest, type RequestOptions } from './request';

export function createApiClient(requestOrOptions: ApiRequest | RequestOptions = {}) {
  const request =
    typeof requestOrOptions === 'function' ? requestOrOptions : createRequest(requestOrOptions);

  return {
    request,
    // Reference §7's generic helper: any method on any path.
    get: <T>(path: string) => request<T>('GET', path),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
    put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
    patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
    delete: <T>(path: string) => request<T>('DELETE', path),
    ...authCalls(request),
    ...contentCalls(request),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
