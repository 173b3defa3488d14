/**
 * @jest-environment jsdom
 *
 * The signed-in devices on /profile: the list in words with this device marked, signing one
 * device out or every other one after a confirmation, and the loading, only-this-device and
 * error states.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceSession } from '@teamapp/contracts';
import { fakeApi, renderWithProviders, storeSession, TEST_PLAYER } from '@teamapp/ui/test/dom';
import { SignedInDevices } from './signed-in-devices';

const THIS: DeviceSession = {
  id: 'a'.repeat(32),
  browser: 'Chrome',
  os: 'macOS',
  device: 'Computer',
  createdAt: '2026-05-01T12:00:00.000Z',
  lastSeenAt: '2026-05-01T12:00:00.000Z',
  location: 'This computer',
  current: true,
};
const PHONE: DeviceSession = {
  id: 'b'.repeat(32),
  browser: 'Firefox',
  os: 'Android',
  device: 'Phone',
  createdAt: '2026-04-28T23:30:00.000Z',
  lastSeenAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  location: 'Address 203.0.113.x',
  current: false,
};
const listing = (data: DeviceSession[]) => ({
  body: { success: true, data, timeZone: 'America/Chicago' },
});

beforeEach(() => {
  localStorage.clear();
  storeSession(TEST_PLAYER);
});

it('when the devices load, then each is named in words with when and where, this one marked', async () => {
  fakeApi({ 'GET /auth/sessions': listing([THIS, PHONE]) });
  renderWithProviders(<SignedInDevices />);

  expect(screen.getByText('Loading signed-in devices...')).toBeVisible();
  const rows = await screen.findAllByTestId('device');
  expect(rows).toHaveLength(2);
  expect(within(rows[0]!).getByText('Chrome on macOS')).toBeVisible();
  expect(within(rows[0]!).getByText('This device')).toBeVisible();
  // In the club's zone (Chicago), US English.
  expect(rows[0]).toHaveTextContent('Computer, This computer. Signed in May 1, 2026, 7:00 AM.');
  expect(within(rows[0]!).queryByRole('button')).toBeNull();
  expect(rows[1]).toHaveTextContent(
    'Phone, Address 203.0.113.x. Signed in Apr 28, 2026, 6:30 PM. Last active 5 minutes ago.',
  );
  expect(within(rows[1]!).queryByText('This device')).toBeNull();
  const signOut = screen.getByRole('button', { name: 'Sign out Firefox on Android' });
  expect(signOut).toHaveAccessibleDescription(/Address 203\.0\.113\.x/);
  expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeVisible();
});

it('when a member signs another device out, then it is asked first and the list is read again', async () => {
  let ended = false;
  const calls = fakeApi({
    'GET /auth/sessions': () => listing(ended ? [THIS] : [THIS, PHONE]),
    [`DELETE /auth/sessions/${PHONE.id}`]: () => {
      ended = true;
      return { body: { success: true, message: 'Signed out of that device.' } };
    },
  });
  renderWithProviders(<SignedInDevices />);

  await userEvent.click(await screen.findByRole('button', { name: 'Sign out Firefox on Android' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sign Out Device' });
  expect(dialog).toHaveTextContent(
    'Sign out Firefox on Android (Address 203.0.113.x)? It will have to sign in again.',
  );
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));

  expect(await screen.findByText('Signed out Firefox on Android.')).toBeVisible();
  expect(await screen.findByText('Only this device is signed in.')).toBeVisible();
  expect(screen.getAllByTestId('device')).toHaveLength(1);
  expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
});

it('when the confirmation is cancelled, then nothing is signed out', async () => {
  const calls = fakeApi({ 'GET /auth/sessions': listing([THIS, PHONE]) });
  renderWithProviders(<SignedInDevices />);

  await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sign Out Everywhere Else' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
});

it('when a member signs out everywhere else, then only this device is left', async () => {
  let ended = false;
  const calls = fakeApi({
    'GET /auth/sessions': () => listing(ended ? [THIS] : [THIS, PHONE]),
    'POST /auth/sessions/revoke-others': () => {
      ended = true;
      return {
        body: { success: true, message: 'Signed out of 1 other device.', data: { ended: 1 } },
      };
    },
  });
  renderWithProviders(<SignedInDevices />);

  await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sign Out Everywhere Else' });
  expect(dialog).toHaveTextContent(
    'Sign out every other device? Only this device stays signed in.',
  );
  // The confirm button has the focus; Enter confirms.
  expect(within(dialog).getByRole('button', { name: 'Sign out everywhere else' })).toHaveFocus();
  await userEvent.keyboard('{Enter}');

  expect(await screen.findByText('Signed out of 1 other device.')).toBeVisible();
  expect(await screen.findByText('Only this device is signed in.')).toBeVisible();
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
    '/auth/sessions/revoke-others',
  ]);
});

it('when signing a device out fails, then the server says why and the list stays', async () => {
  fakeApi({
    'GET /auth/sessions': listing([THIS, PHONE]),
    [`DELETE /auth/sessions/${PHONE.id}`]: {
      status: 404,
      body: { success: false, error: 'Session not found' },
    },
  });
  renderWithProviders(<SignedInDevices />);

  await userEvent.click(await screen.findByRole('button', { name: 'Sign out Firefox on Android' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sign Out Device' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));

  expect(await screen.findByText('Session not found')).toBeVisible();
});

it('when the list cannot be read, then an error with a retry shows, and the retry reads it', async () => {
  let fail = true;
  fakeApi({
    'GET /auth/sessions': () =>
      fail ? { status: 500, body: { success: false, error: 'Server error' } } : listing([THIS]),
  });
  renderWithProviders(<SignedInDevices />);

  // The query asks once more on its own (a second after the first failure) before giving up.
  const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 });
  expect(screen.getByText('Server error')).toBeVisible();
  fail = false;
  await userEvent.click(retry);

  expect(await screen.findByText('Only this device is signed in.')).toBeVisible();
});
