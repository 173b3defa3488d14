/**
 * The one way a frontend talks to the API: /api base, JSON, the bearer token and reference §8 errors.
 * The session (@teamapp/ui) makes one authenticated `request` and hands it to every part of the
 * app; each part keeps its own fetchers on top of it (features/<feature>/api), so a remote that
 * adds an endpoint ships it itself instead of waiting for the shell's copy of a client.
 */
import { ApiError, NETWORK_ERROR, REQUEST_FAILED } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Sends one call; resolves to the parsed JSON body, rejects with an ApiError. */
export type ApiRequest = <T>(method: HttpMethod, path: string, body?: unknown) => Promise<T>;

export interface RequestOptions {
  /** Where the API lives; defaults to /api on the page's own host. */
  baseUrl?: string;
  /** Returns the stored token, if any. */
  getToken?: () => string | null;
  /** Called when a call with a token answers 401 (the session ended on the server). */
  onUnauthorized?: () => void;
  /**
   * Called when a call answers 403 `password_change_required`: the account signed in with a
   * temporary password and must choose its own before anything else.
   */
  onPasswordChangeRequired?: () => void;
  fetchImpl?: typeof fetch;
}

/** Reference §7 success envelope: `{ success: true, data }`. */
export interface Envelope<T> {
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

/** The 403 code the API answers while a temporary password is still in use. */
export const PASSWORD_CHANGE_REQUIRED_CODE = 'password_change_required';

function readString(body: unknown, key: 'code' | 'hint' | 'field'): string | undefined {
  if (body && typeof body === 'object') {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

export function createRequest(options: RequestOptions = {}): ApiRequest {
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/$/, '');
  const doFetch = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  return async function request<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = options.getToken?.() ?? null;
    if (token) headers.Authorization = `Bearer ${token}`;
    // Multipart bodies (uploads) carry their own content type with the boundary.
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
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
      if (response.status === 403 && readString(parsed, 'code') === PASSWORD_CHANGE_REQUIRED_CODE) {
        options.onPasswordChangeRequired?.();
      }
      const serverText = readErrorText(parsed);
      throw new ApiError(
        response.status,
        serverText ?? REQUEST_FAILED,
        serverText !== undefined,
        readString(parsed, 'hint'),
        { field: readString(parsed, 'field'), code: readString(parsed, 'code') },
      );
    }
    return parsed as T;
  };
}

/** The `data` of an enveloped answer: `await requestData<User[]>(request, 'GET', '/user/all')`. */
export async function requestData<T>(
  request: ApiRequest,
  method: HttpMethod,
  path: string,
  body?: unknown,
): Promise<T> {
  return (await request<Envelope<T>>(method, path, body)).data;
}
