/**
 * @jest-environment jsdom
 *
 * /reset-password: a new password the server refuses as too common shows the reference's text and the
 * server's hint under the field; the link stays usable for another try.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithProviders } from '@teamapp/ui/test/dom';
import { App } from '../../app/app';
import { resetFederation } from '../../remotes/remote-registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const HINT = 'This password is too common. Choose one that is harder to guess.';

beforeEach(() => {
  localStorage.clear();
  resetFederation();
});

it('when the new password is too common, then the error and the hint show and the form stays', async () => {
  let tries = 0;
  const calls = fakeApi({
    'GET /remotes.json': { body: {} },
    'GET /settings': { status: 404 },
    'POST /password-reset/verify': {
      body: { success: true, message: 'Token verified. Please enter your new password below.' },
    },
    'POST /password-reset/confirm': () =>
      ++tries === 1
        ? {
            status: 400,
            body: {
              success: false,
              error: 'Password does not meet security requirements.',
              code: 'common_password',
              field: 'newPassword',
              hint: HINT,
            },
          }
        : {
            body: {
              success: true,
              message: 'Password reset successfully! Redirecting to login...',
            },
          },
  });
  renderWithProviders(<App />, { path: '/reset-password?token=abc' });

  const field = await screen.findByLabelText(/^New Password/);
  await userEvent.type(field, 'P@ssw0rd1!');
  await userEvent.type(screen.getByLabelText(/Confirm Password/), 'P@ssw0rd1!');
  await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

  expect(await screen.findByText('Password does not meet security requirements.')).toBeVisible();
  expect(screen.getByText(HINT)).toBeVisible();
  expect(field).toHaveAccessibleDescription(expect.stringContaining(HINT));

  await userEvent.clear(field);
  expect(screen.queryByText(HINT)).not.toBeInTheDocument();
  await userEvent.type(field, 'Riverside!Keeper42');
  await userEvent.clear(screen.getByLabelText(/Confirm Password/));
  await userEvent.type(screen.getByLabelText(/Confirm Password/), 'Riverside!Keeper42');
  await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

  expect(
    await screen.findByText('Password reset successfully! Redirecting to login...'),
  ).toBeVisible();
  expect(calls.filter((c) => c.path === '/password-reset/confirm')).toHaveLength(2);
});
