/**
 * @jest-environment jsdom
 *
 * The login page as a signed-out first visit to /login starts it: the club's title, the documented
 * texts for a failed sign-in, the session stored as the full app reads it, the hand-over, and the
 * "Forgot your password?" dialog with its focus and keys.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@teamapp/contracts';
import { fakeApi, TEST_ADMIN } from '@teamapp/ui/test/dom';
import { SETTINGS } from '../features/auth/login-test-kit';
import { LightLoginPage } from './light-login-page';

/** The user as the login answer carries it. */
const SIGNED_IN = { ...TEST_ADMIN, mustChangePassword: false };

function renderPage() {
  const props = { onSignedIn: jest.fn(async () => {}), onIntent: jest.fn() };
  render(<LightLoginPage {...props} />);
  return props;
}

async function signIn(password: string) {
  await userEvent.type(screen.getByLabelText(/^Email/), ' coach@club.test ');
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => localStorage.clear());

it('when the page opens, then it shows the stored title, then the server one, and stores it', async () => {
  localStorage.setItem(STORAGE_KEYS.appTitle, 'Old Title');
  fakeApi({ 'GET /settings': SETTINGS });

  renderPage();

  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Old Title Login');
  await screen.findByRole('heading', { name: 'Riverside FC Login' });
  expect(localStorage.getItem(STORAGE_KEYS.appTitle)).toBe('Riverside FC');
  expect(document.title).toBe('Login · Riverside FC');
});

it('when the password is wrong, then the server text shows in the alert and nothing is stored', async () => {
  fakeApi({
    'GET /settings': SETTINGS,
    'POST /auth/login': { status: 401, body: { error: 'Invalid email or password' } },
  });
  const props = renderPage();

  await signIn('wrong');

  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  expect(props.onSignedIn).not.toHaveBeenCalled();
  expect(props.onIntent).toHaveBeenCalled();
});

it('when the sign-in succeeds, then the session is stored as the app reads it and the app takes over', async () => {
  const calls = fakeApi({
    'GET /settings': SETTINGS,
    'POST /auth/login': { status: 200, body: { success: true, token: 'jwt-1', user: SIGNED_IN } },
  });
  const props = renderPage();

  await signIn('Right!Pass1');

  await waitFor(() => expect(props.onSignedIn).toHaveBeenCalled());
  expect(calls.find((c) => c.path === '/auth/login')?.body).toEqual({
    email: 'coach@club.test',
    password: 'Right!Pass1',
  });
  expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt-1');
  expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.currentUser)!)).toEqual(SIGNED_IN);
  expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  expect(screen.getByRole('status')).toHaveTextContent('Signing in...');
});

it('when the network fails, then the documented network text shows', async () => {
  fakeApi({ 'GET /settings': SETTINGS });
  window.fetch = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
  renderPage();

  await signIn('Right!Pass1');

  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Network error. Please check your connection and try again.',
  );
});

it('when "Forgot your password?" is pressed, then its dialog opens on Email, and Escape closes it back to the link', async () => {
  fakeApi({ 'GET /settings': SETTINGS });
  renderPage();
  await userEvent.type(screen.getByLabelText(/^Email/), 'riley@club.test');
  const link = screen.getByRole('button', { name: 'Forgot your password?' });

  await userEvent.click(link);

  const dialog = screen.getByRole('dialog', { name: 'Reset Password' });
  expect(dialog).toHaveTextContent(
    'Enter your email address and we will send you instructions to reset your password.',
  );
  expect(within(dialog).getByLabelText(/^Email/)).toHaveFocus();
  expect(within(dialog).getByRole('button', { name: 'Send Reset Instructions' })).toBeDisabled();

  await userEvent.keyboard('{Escape}');

  expect(screen.queryByRole('dialog')).toBeNull();
  expect(link).toHaveFocus();
  expect(screen.getByLabelText(/^Email/)).toHaveValue('riley@club.test');
});

it('when the reset is requested, then "Check Your Email" shows with Close focused, and Close goes back to the link', async () => {
  const calls = fakeApi({
    'GET /settings': SETTINGS,
    'POST /password-reset/request': { status: 200, body: { success: true, message: 'sent' } },
  });
  renderPage();
  const link = screen.getByRole('button', { name: 'Forgot your password?' });
  await userEvent.click(link);
  const dialog = screen.getByRole('dialog', { name: 'Reset Password' });

  await userEvent.type(within(dialog).getByLabelText(/^Email/), ' Riley@Club.test ');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Instructions' }));

  await screen.findByRole('dialog', { name: 'Check Your Email' });
  expect(dialog).toHaveTextContent(
    'Password reset instructions have been sent to your email address.',
  );
  expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  expect(calls.find((c) => c.path === '/password-reset/request')?.body).toEqual({
    email: 'riley@club.test',
  });

  await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

  expect(screen.queryByRole('dialog')).toBeNull();
  expect(link).toHaveFocus();
});

it('when the reset request fails, then the documented text shows in the dialog', async () => {
  fakeApi({
    'GET /settings': SETTINGS,
    'POST /password-reset/request': { status: 500, body: { error: 'Internal server error' } },
  });
  renderPage();
  await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
  const dialog = screen.getByRole('dialog', { name: 'Reset Password' });

  await userEvent.type(within(dialog).getByLabelText(/^Email/), 'riley@club.test');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Instructions' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'Failed to send password reset email. Please try again.',
  );
});
