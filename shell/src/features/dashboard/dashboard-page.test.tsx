/**
 * @jest-environment jsdom
 *
 * The dashboard's composition: the greeting is the shell's; the stat cards are the remotes'
 * widgets, as their manifests (routes.json) declare them, in each role's declared order. A widget
 * that cannot be loaded shows an unavailable card with Retry while the others and the rest of the
 * page keep working. The widgets' own figures are tested beside them in the remotes.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
  type Reply,
} from '@teamapp/ui/test/dom';
import { resetFederation } from '../../remotes/remote-registry';
import DashboardPage from './dashboard-page';

// The federation runtime loads remoteEntry.js over the network; here each exposed widget is a
// card naming its remote, and a remote listed in mockBroken fails to load.
const mockBroken = new Set<string>();
jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async (id: string) =>
    mockBroken.has(id)
      ? null
      : {
          default: function Widget() {
            return <div role="group" aria-label={`card of ${id}`} />;
          },
        },
  ),
}));

const manifest = (order: Record<string, number>, expose = './DashboardCards') => ({
  routes: [],
  navigation: [],
  widgets: [{ expose, order }],
});

/**
 * Three remotes with a widget each. A loaded module stays loaded for the page's life, so a test
 * of a failing load names a module no other test loads (`scheduleExpose`).
 */
function platform(
  chat: Reply = { body: manifest({ admin: 40, player: 40 }) },
  scheduleExpose?: string,
) {
  return fakeApi({
    'GET /remotes.json': {
      body: {
        mfe_chat: '/mfe/chat/remoteEntry.js',
        mfe_club: '/mfe/club/remoteEntry.js',
        mfe_schedule: '/mfe/schedule/remoteEntry.js',
      },
    },
    'GET /mfe/chat/routes.json': chat,
    'GET /mfe/club/routes.json': { body: manifest({ admin: 10, player: 30 }) },
    'GET /mfe/schedule/routes.json': {
      body: manifest({ admin: 20, player: 10 }, scheduleExpose),
    },
  });
}

/** The cards' labels, in page order, once `count` of them show. */
async function cards(count: number) {
  await waitFor(() => expect(screen.getAllByRole('group')).toHaveLength(count));
  return screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'));
}

beforeEach(() => {
  localStorage.clear();
  mockBroken.clear();
  resetFederation();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it("when an admin opens the dashboard, then the greeting and the remotes' cards show in the admin's order", async () => {
  storeSession(TEST_ADMIN);
  platform();

  renderWithProviders(<DashboardPage />, { path: '/dashboard' });

  expect(
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Casey Coach!' }),
  ).toBeInTheDocument();
  expect(await cards(3)).toEqual([
    'card of mfe_club/DashboardCards',
    'card of mfe_schedule/DashboardCards',
    'card of mfe_chat/DashboardCards',
  ]);
  expect(screen.getByRole('heading', { level: 2, name: 'Quick Actions' })).toBeInTheDocument();
});

it("when a player opens the dashboard, then the cards follow the player's order", async () => {
  storeSession(TEST_PLAYER);
  platform();

  renderWithProviders(<DashboardPage />, { path: '/dashboard' });

  expect(await cards(3)).toEqual([
    'card of mfe_schedule/DashboardCards',
    'card of mfe_club/DashboardCards',
    'card of mfe_chat/DashboardCards',
  ]);
});

it('when a widget names only admins, then players do not see it', async () => {
  storeSession(TEST_PLAYER);
  platform({ body: manifest({ admin: 40 }) });

  renderWithProviders(<DashboardPage />, { path: '/dashboard' });

  expect(await cards(2)).toEqual([
    'card of mfe_schedule/DashboardCards',
    'card of mfe_club/DashboardCards',
  ]);
});

it('when a widget cannot be loaded, then its cell says so, the others show, and Retry brings it', async () => {
  storeSession(TEST_ADMIN);
  mockBroken.add('mfe_schedule/FlakyCards');
  platform(undefined, './FlakyCards');

  renderWithProviders(<DashboardPage />, { path: '/dashboard' });

  const unavailable = await screen.findByText('This card is unavailable.');
  expect(await cards(2)).toEqual([
    'card of mfe_club/DashboardCards',
    'card of mfe_chat/DashboardCards',
  ]);

  mockBroken.clear();
  await userEvent.click(within(unavailable.parentElement!).getByRole('button', { name: 'Retry' }));

  expect(await cards(3)).toEqual([
    'card of mfe_club/DashboardCards',
    'card of mfe_schedule/FlakyCards',
    'card of mfe_chat/DashboardCards',
  ]);
  expect(screen.queryByText('This card is unavailable.')).not.toBeInTheDocument();
});

it("when a remote's manifest cannot be read, then the other remotes' cards still show", async () => {
  storeSession(TEST_ADMIN);
  platform({ status: 500, body: {} });

  renderWithProviders(<DashboardPage />, { path: '/dashboard' });

  expect(await cards(2)).toEqual([
    'card of mfe_club/DashboardCards',
    'card of mfe_schedule/DashboardCards',
  ]);
  expect(screen.getByRole('heading', { name: 'Welcome back, Casey Coach!' })).toBeInTheDocument();
});
