/**
 * Errors cross the federation boundary: a remote's copy of this module checks errors thrown by
 * the shell's copy. jest.isolateModules loads a second, separate copy to stand in for it.
 */
import {
  ApiError,
  errorField,
  errorHint,
  errorText,
  isApiError,
  STATUS_MESSAGES,
  UNEXPECTED_NON_API_ERROR,
  userMessage,
} from './errors';
import { createRequest } from './request';

function otherCopy(): typeof import('./errors') {
  let copy: typeof import('./errors') | undefined;
  jest.isolateModules(() => {
    copy = jest.requireActual<typeof import('./errors')>('./errors');
  });
  if (!copy) throw new Error('no second copy loaded');
  return copy;
}

describe('an API error made by another bundle', () => {
  const other = otherCopy();
  const foreign = new other.ApiError(400, 'appTitle must be at most 100 characters', true);

  it('when checked, then it is recognised by shape even though its class is another copy', () => {
    expect(other.ApiError).not.toBe(ApiError);
    expect(isApiError(foreign)).toBe(true);
    expect(foreign instanceof ApiError).toBe(true);
  });

  it('when shown, then the server message wins over the fallback text', () => {
    expect(errorText(foreign, 'Failed to save settings')).toBe(
      'appTitle must be at most 100 characters',
    );
    expect(userMessage(foreign)).toBe('appTitle must be at most 100 characters');
  });

  it('when the text is not from the server, then the status text is shown', () => {
    const noBody = new other.ApiError(403, 'Request failed', false);
    expect(errorText(noBody, 'Failed to save settings')).toBe('Failed to save settings');
    expect(userMessage(noBody)).toBe(STATUS_MESSAGES[403]);
  });

  it('when a plain-data copy crosses (e.g. structured clone), then it is still an API error', () => {
    const cloned = { ...foreign, isApiError: true, message: foreign.message };
    expect(isApiError(structuredClone(cloned))).toBe(true);
  });
});

describe('errors that are not API errors', () => {
  it('when an Error or a look-alike without the brand is checked, then it is not an API error', () => {
    expect(isApiError(new Error('boom'))).toBe(false);
    expect(isApiError({ status: 400, message: 'x', fromServer: true })).toBe(false);
    expect(new Error('boom') instanceof ApiError).toBe(false);
    expect(userMessage(new Error('boom'))).toBe(UNEXPECTED_NON_API_ERROR);
    expect(errorText(new Error('boom'), 'Failed to load users')).toBe('Failed to load users');
  });
});

describe('the request function', () => {
  const reply = (status: number, body: unknown) =>
    jest.fn(async () => new Response(JSON.stringify(body), { status }));

  it('when a token is stored, then it is sent as a bearer token', async () => {
    const fetchImpl = reply(200, { success: true, data: [] });
    const request = createRequest({ getToken: () => 'abc', fetchImpl });

    await request('GET', '/user/team');

    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/team');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });

  it('when a call with a token answers 401, then the session is told and the error carries the text', async () => {
    const onUnauthorized = jest.fn();
    const request = createRequest({
      getToken: () => 'abc',
      onUnauthorized,
      fetchImpl: reply(401, { success: false, error: 'Session ended' }),
    });

    const error = await request('GET', '/user/team').catch((e: unknown) => e);

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(isApiError(error) && [error.status, error.message, error.fromServer]).toEqual([
      401,
      'Session ended',
      true,
    ]);
  });

  it('when the network fails, then status 500 with the documented network text', async () => {
    const request = createRequest({
      fetchImpl: jest.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    });

    const error = await request('GET', '/settings').catch((e: unknown) => e);

    expect(isApiError(error) && [error.status, error.message]).toEqual([
      500,
      'Network error - please check your connection',
    ]);
  });

  it('when the refusal carries a hint, then the error keeps it, and another bundle reads it', async () => {
    const request = createRequest({
      fetchImpl: reply(400, {
        success: false,
        error: 'New password does not meet the requirements.',
        code: 'common_password',
        hint: 'This password is too common. Choose one that is harder to guess.',
      }),
    });

    const error = await request('PUT', '/user/change-password', {}).catch((e: unknown) => e);

    expect(userMessage(error)).toBe('New password does not meet the requirements.');
    expect(errorHint(error)).toBe(
      'This password is too common. Choose one that is harder to guess.',
    );
    const plain = { ...(error as ApiError), isApiError: true, message: (error as Error).message };
    expect(otherCopy().errorHint(structuredClone(plain))).toBe(
      'This password is too common. Choose one that is harder to guess.',
    );
    expect(errorHint(new ApiError(400, 'Invalid', true))).toBeNull();
  });

  it('when the refusal names a field and a code, then the error keeps both, and another bundle reads the field', async () => {
    const request = createRequest({
      fetchImpl: reply(400, {
        success: false,
        error: 'Current password is incorrect.',
        code: 'wrong_password',
        field: 'currentPassword',
      }),
    });

    const error = await request('PUT', '/user/change-password', {}).catch((e: unknown) => e);

    expect(errorField(error)).toBe('currentPassword');
    expect((error as ApiError).code).toBe('wrong_password');
    const plain = { ...(error as ApiError), isApiError: true, message: (error as Error).message };
    expect(otherCopy().errorField(structuredClone(plain))).toBe('currentPassword');
    expect(errorField(new ApiError(400, 'Invalid', true))).toBeNull();
    expect(errorField(new Error('boom'))).toBeNull();
  });
});
