/**
 * @jest-environment jsdom
 *
 * The shell's routing from the remotes' manifests: what each remote publishes at run time
 * becomes routes and menu entries, public routes open signed out, and a remote whose routes
 * cannot be loaded shows the unavailable state with Retry.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  type Reply,
} from '@teamapp/ui/test/dom';
import { resetFederation } from '../remotes/remote-registry';
import { App } from './app';

// The federation runtime loads remoteEntry.js over the network; here each exposed module is a
// small page naming itself.
jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async (id: string) => ({
    default: function ExposedPage() {
      return <h1>{`page of ${id}`}</h1>;
    },
  })),
}));

const CLUB_MANIFEST = {
  routes: [
    { path: '/', expose: './ShowcasePage', access: 'public' },
    { path: '/players', expose: './PlayersPage', access: 'signed-in' },
  ],
  navigation: [
    { path: '/players', labels: { admin: 'Players', player: 'Team Roster' }, order: 30 },
  ],
};
const ADMIN_MANIFEST = {
  routes: [{ path: '/settings', expose: './SettingsPage', access: 'signed-in' }],
  navigation: [{ path: '/settings', labels: { admin: 'Settings' }, order: 130 }],
};

function platform(adminManifest: Reply = { body: ADMIN_MANIFEST }) {
  return fakeApi({
    'GET /remotes.json': {
      body: { mfe_club: '/mfe/club/remoteEntry.js', mfe_admin: '/mfe/admin/remoteEntry.js' },
    },
    'GET /mfe/club/routes.json': { body: CLUB_MANIFEST },
    'GET /mfe/admin/routes.json': adminManifest,
    'GET /settings': { status: 404 },
  });
}

beforeEach(() => {
  localStorage.clear();
  resetFederation();
});

it("when a signed-out visitor opens a remote's public route, then its page shows", async () => {
  platform();

  renderWithProviders(<App />, { path: '/' });

  expect(
    await screen.findByRole('heading', { name: 'page of mfe_club/ShowcasePage' }),
  ).toBeVisible();
});

it("when a signed-out visitor opens a remote's signed-in route, then the login page shows", async () => {
  platform();

  renderWithProviders(<App />, { path: '/players' });

  expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
});

it("when an admin is signed in, then the remotes' menu entries join the shell's in the documented order", async () => {
  storeSession(TEST_ADMIN);
  platform();
  renderWithProviders(<App />, { path: '/players' });
  expect(
    await screen.findByRole('heading', { name: 'page of mfe_club/PlayersPage' }),
  ).toBeVisible();

  await userEvent.click(screen.getByRole('button', { name: 'Toggle navigation' }));

  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  expect(
    within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual([
    'Dashboard',
    'Players',
    'Gallery',
    'Documents',
    'Registration',
    'Profile',
    'Settings',
  ]);
});

it("when a remote's routes cannot be loaded, then its page is unavailable until Retry finds it", async () => {
  storeSession(TEST_ADMIN);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  platform({ status: 503 });
  renderWithProviders(<App />, { path: '/settings' });

  expect(await screen.findByText('This part of the app is unavailable')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

  platform();
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

  await waitFor(() =>
    expect(screen.getByRole('heading', { name: 'page of mfe_admin/SettingsPage' })).toBeVisible(),
  );
  expect(warn).toHaveBeenCalledWith(
    expect.stringContaining('/mfe/admin/routes.json'),
    expect.anything(),
  );
  warn.mockRestore();
});
