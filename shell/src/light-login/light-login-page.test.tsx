/**
 * @jest-environment jsdom
 *
 * The light login page (a signed-out first visit to /login): the club's title, the documented texts
 * for a failed sign-in, the session stored as the full app reads it, and the hand-overs.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@teamapp/contracts';
import { fakeApi, TEST_ADMIN } from '@teamapp/ui/test/dom';
import { LightLoginPage } from './light-login-page';

const SETTINGS = {
  status: 200,
  body: {
    success: true,
    data: {
      appTitle: 'Riverside FC',
      headerColor: '#2563eb',
      logoBackground: 'transparent',
      logoUrl: null,
      updatedAt: new Date(0).toISOString(),
    },
  },
};

/** The user as the login answer carries it. */
const SIGNED_IN = { ...TEST_ADMIN, mustChangePassword: false };

function renderPage() {
  const props = { onSignedIn: jest.fn(async () => {}), onForgot: jest.fn(), onIntent: jest.fn() };
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

it('when "Forgot your password?" is pressed, then the app takes over with what was typed', async () => {
  fakeApi({ 'GET /settings': SETTINGS });
  const props = renderPage();

  await userEvent.type(screen.getByLabelText(/^Email/), 'riley@club.test');
  await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));

  expect(props.onForgot).toHaveBeenCalledWith('riley@club.test');
});
