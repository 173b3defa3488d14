/**
 * @jest-environment jsdom
 *
 * The first sign-in with an invitation's temporary password: the shell opens nothing but the
 * "choose your password" step until the server accepts a new one.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@teamapp/contracts';
import { fakeApi, renderWithProviders, storeSession, TEST_PLAYER } from '@teamapp/ui/test/dom';
import { App } from '../../app/app';
import { resetFederation } from '../../remotes/remote-registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const TEMP_USER = { ...TEST_PLAYER, mustChangePassword: true };
const base = {
  'GET /remotes.json': { body: {} },
  'GET /settings': { status: 404 },
  'GET /notifications': { body: { success: true, data: [], unreadCount: 0 } },
  'GET /user/team': { body: { success: true, data: [] } },
  'GET /events': { body: { success: true, events: [], timeZone: 'UTC' } },
};

beforeEach(() => {
  localStorage.clear();
  resetFederation();
});

it('when a session must replace its temporary password, then every route leads to the step', async () => {
  storeSession(TEMP_USER);
  fakeApi(base);

  renderWithProviders(<App />, { path: '/profile' });

  expect(
    await screen.findByRole('heading', { level: 1, name: 'Choose your password' }),
  ).toBeVisible();
  expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  expect(screen.getByRole('list', { name: 'Password requirements' })).toBeInTheDocument();
});

it('when the new password is accepted, then the dashboard opens and the flag is cleared', async () => {
  storeSession(TEMP_USER);
  const calls = fakeApi({
    ...base,
    'PUT /user/change-password': {
      body: { success: true, message: 'Password changed successfully!' },
    },
  });
  renderWithProviders(<App />, { path: '/choose-password' });

  await userEvent.type(await screen.findByLabelText(/Temporary Password/), 'Xk4mPq7z');
  const save = screen.getByRole('button', { name: 'Save Password' });
  await userEvent.type(screen.getByLabelText(/^New Password/), 'Fresh!Pass9');
  await userEvent.type(screen.getByLabelText(/Confirm New Password/), 'Fresh!Pass');
  expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  expect(save).toBeDisabled();
  await userEvent.type(screen.getByLabelText(/Confirm New Password/), '9');
  await userEvent.click(save);

  expect(
    await screen.findByRole('heading', { name: `Welcome back, ${TEST_PLAYER.name}!` }),
  ).toBeVisible();
  expect(calls.find((c) => c.path === '/user/change-password')?.body).toEqual({
    currentPassword: 'Xk4mPq7z',
    newPassword: 'Fresh!Pass9',
    confirmPassword: 'Fresh!Pass9',
  });
  const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.currentUser) ?? '{}') as {
    mustChangePassword?: boolean;
  };
  expect(stored.mustChangePassword).toBe(false);
});

it('when any call answers 403 password_change_required, then the step takes over', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({
    ...base,
    // The notification bell's count: a call the shell itself makes on every signed-in page.
    'GET /notifications/unread-count': {
      status: 403,
      body: {
        success: false,
        error: 'Please choose a new password before you continue.',
        code: 'password_change_required',
      },
    },
  });

  renderWithProviders(<App />, { path: '/dashboard' });

  await waitFor(() =>
    expect(screen.getByRole('heading', { name: 'Choose your password' })).toBeVisible(),
  );
});
