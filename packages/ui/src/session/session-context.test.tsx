/**
 * @jest-environment jsdom
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { STORAGE_KEYS } from '@teamapp/contracts';
import { isApiError } from '@teamapp/api-client';
import { fakeApi, storeSession, TEST_ADMIN, TEST_PLAYER } from '../../test/dom';
import { SessionProvider, useSession } from './session-context';

const wrapper = ({ children }: { children: ReactNode }) => (
  <SessionProvider>{children}</SessionProvider>
);

async function renderSession() {
  const hook = renderHook(() => useSession(), { wrapper });
  await waitFor(() => expect(hook.result.current.loading).toBe(false));
  return hook;
}

beforeEach(() => localStorage.clear());

it('when a token and user are stored, then the session starts signed in and requests carry the token', async () => {
  storeSession(TEST_ADMIN, 'stored-token');
  const calls = fakeApi({ 'GET /user/team': { body: { success: true, data: [] } } });

  const { result } = await renderSession();

  expect(result.current.user?.email).toBe(TEST_ADMIN.email);
  expect(result.current.isAdmin).toBe(true);
  expect(result.current.token).toBe('stored-token');
  await result.current.request('GET', '/user/team');
  expect(calls[0]?.headers.Authorization).toBe('Bearer stored-token');
});

it('when only a token is stored, then both keys are cleared and nobody is signed in', async () => {
  localStorage.setItem(STORAGE_KEYS.token, 'orphan');

  const { result } = await renderSession();

  expect(result.current.user).toBeNull();
  expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
});

it('when a player logs in, then token and currentUser are stored and the session is the player', async () => {
  fakeApi({
    'POST /auth/login': {
      body: { success: true, token: 'fresh', user: { ...TEST_PLAYER, mustChangePassword: false } },
    },
  });
  const { result } = await renderSession();

  await act(() => result.current.login(TEST_PLAYER.email, 'Player!Pass1'));

  expect(result.current.user?.name).toBe(TEST_PLAYER.name);
  expect(result.current.isAdmin).toBe(false);
  expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('fresh');
  expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.currentUser) ?? '{}')).toMatchObject({
    email: TEST_PLAYER.email,
  });
});

it('when the login is refused, then the server text is carried and nothing is stored', async () => {
  fakeApi({
    'POST /auth/login': {
      status: 401,
      body: { success: false, error: 'Invalid email or password' },
    },
  });
  const { result } = await renderSession();

  let error: unknown;
  await act(async () => {
    error = await result.current.login('x@club.test', 'wrong').catch((e: unknown) => e);
  });

  expect(isApiError(error) && error.message).toBe('Invalid email or password');
  expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  expect(result.current.user).toBeNull();
});

it('when the server cannot be told about a logout, then the session still ends here', async () => {
  storeSession(TEST_ADMIN);
  fakeApi({ 'POST /auth/logout': { status: 503, body: { error: 'Server error.' } } });
  const { result } = await renderSession();

  await act(() => result.current.logout());

  expect(result.current.user).toBeNull();
  expect(localStorage.getItem(STORAGE_KEYS.currentUser)).toBeNull();
});

it('when an authenticated call answers 401, then the session signs out locally', async () => {
  storeSession(TEST_ADMIN);
  fakeApi({ 'GET /user/all': { status: 401, body: { error: 'Session ended' } } });
  const { result } = await renderSession();

  await act(async () => {
    await result.current.request('GET', '/user/all').catch(() => undefined);
  });

  expect(result.current.user).toBeNull();
  expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
});

it('when another tab signs out, then this tab follows', async () => {
  storeSession(TEST_ADMIN);
  const { result } = await renderSession();

  act(() => {
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
  });

  expect(result.current.user).toBeNull();
});
