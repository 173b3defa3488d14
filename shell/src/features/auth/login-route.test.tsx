/**
 * @jest-environment jsdom
 *
 * /login in the full app renders the one login page on the app's session and branding: the
 * club's title in the heading and the document title, the server's text for a refused sign-in,
 * and a sign-in that the session takes up.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@teamapp/contracts';
import { fakeApi, renderWithProviders, TEST_ADMIN } from '@teamapp/ui/test/dom';
import { leaveHandoff } from '../../light-login/handoff';
import { LoginRoute } from './login-route';
import { SETTINGS } from './login-test-kit';

function renderLogin() {
  renderWithProviders(<LoginRoute />, { path: '/login' });
}

beforeEach(() => localStorage.clear());

it('when the app shows /login, then the club title names the page and the email handed over is kept', async () => {
  fakeApi({ 'GET /settings': SETTINGS });
  leaveHandoff({ email: 'riley@club.test' });

  renderLogin();

  await screen.findByRole('heading', { level: 1, name: 'Riverside FC Login' });
  await waitFor(() => expect(document.title).toBe('Login · Riverside FC'));
  expect(screen.getByLabelText(/^Email/)).toHaveValue('riley@club.test');
});

it('when the password is wrong, then the server text shows and the session stays empty', async () => {
  fakeApi({
    'GET /settings': SETTINGS,
    'POST /auth/login': { status: 401, body: { error: 'Invalid email or password' } },
  });
  renderLogin();

  await userEvent.type(screen.getByLabelText(/^Email/), 'coach@club.test');
  await userEvent.type(screen.getByLabelText(/^Password/), 'wrong');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
});

it('when the sign-in succeeds, then the session stores it', async () => {
  const user = { ...TEST_ADMIN, mustChangePassword: false };
  fakeApi({
    'GET /settings': SETTINGS,
    'POST /auth/login': { status: 200, body: { success: true, token: 'jwt-2', user } },
  });
  renderLogin();

  await userEvent.type(screen.getByLabelText(/^Email/), ' coach@club.test ');
  await userEvent.type(screen.getByLabelText(/^Password/), 'Right!Pass1');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

  await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt-2'));
  expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.currentUser)!)).toEqual(user);
});
