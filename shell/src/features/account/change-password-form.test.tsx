/**
 * @jest-environment jsdom
 *
 * The password change form (on /profile and as the first sign-in's step): a password the server
 * refuses as too common shows the server's text and, under the new password, its hint.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithProviders, storeSession, TEST_PLAYER } from '@teamapp/ui/test/dom';
import { App } from '../../app/app';
import { resetFederation } from '../../remotes/remote-registry';
import { ChangePasswordForm } from './change-password-form';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const HINT = 'This password is too common. Choose one that is harder to guess.';
const TOO_COMMON = {
  status: 400,
  body: {
    success: false,
    error: 'New password does not meet the requirements.',
    code: 'common_password',
    field: 'newPassword',
    hint: HINT,
  },
};

beforeEach(() => {
  localStorage.clear();
  resetFederation();
});

async function fillIn(current: string, next: string) {
  await userEvent.type(screen.getByLabelText(/Current Password|Temporary Password/), current);
  await userEvent.type(screen.getByLabelText(/^New Password/), next);
  await userEvent.type(screen.getByLabelText(/Confirm New Password/), next);
}

it('when the server refuses the new password as too common, then its text shows and the hint is under the field until it is edited', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({ 'PUT /user/change-password': TOO_COMMON });
  renderWithProviders(<ChangePasswordForm />);

  await fillIn('Player!Pass1', 'Password1!');
  await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));

  expect(await screen.findByText('New password does not meet the requirements.')).toBeVisible();
  const field = screen.getByLabelText(/^New Password/);
  expect(screen.getByText(HINT)).toBeVisible();
  expect(field).toHaveAccessibleDescription(expect.stringContaining(HINT));

  await userEvent.type(field, 'x');
  expect(screen.queryByText(HINT)).not.toBeInTheDocument();
});

it('when a first sign-in chooses a common password, then the step shows the hint and stays', async () => {
  const firstSignIn = { ...TEST_PLAYER, mustChangePassword: true };
  storeSession(firstSignIn);
  fakeApi({
    'GET /remotes.json': { body: {} },
    'GET /settings': { status: 404 },
    'PUT /user/change-password': TOO_COMMON,
  });
  renderWithProviders(<App />, { path: '/choose-password' });

  await screen.findByRole('heading', { level: 1, name: 'Choose your password' });
  await fillIn('Xk4mPq7z', 'Summer2024!');
  await userEvent.click(screen.getByRole('button', { name: 'Save Password' }));

  expect(await screen.findByText(HINT)).toBeVisible();
  expect(screen.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
});
