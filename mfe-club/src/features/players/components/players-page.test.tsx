/**
 * @jest-environment jsdom
 */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@teamapp/contracts';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
} from '@teamapp/ui/test/dom';
import { LOAD_FAILED, PlayersPage } from './players-page';

const SAM: User = {
  ...TEST_PLAYER,
  id: '5a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  name: 'Sam Striker',
  email: 'sam@club.test',
  position: 'Forward',
  nickname: 'Sniper',
  phone: '555-0100',
  bio: 'Scores on Saturdays.',
  profile_picture: '/uploads/avatars/sam-0123456789abcdef-512.webp',
  created_at: '2026-03-02T09:00:00.000Z',
};
const GONE: User = { ...TEST_PLAYER, id: 'gone', name: 'Left Long Ago', is_active: false };
const DIRECTORY = [TEST_ADMIN, SAM, { ...TEST_PLAYER, position: 'Goalkeeper' }, GONE];

const NO_RESULTS = {
  success: true,
  data: {
    members: [],
    team: { played: 0, wins: 0, draws: 0, losses: 0, goalsFor: 0, goalsAgainst: 0 },
  },
};
const stats = { 'GET /events/stats': { body: NO_RESULTS } };
const directory = () => ({
  'GET /user/all': { body: { success: true, data: DIRECTORY } },
  ...stats,
});

beforeEach(() => localStorage.clear());

it('when an admin opens /players, then "Team Players" shows a card per active member', async () => {
  storeSession(TEST_ADMIN);
  fakeApi(directory());

  renderWithProviders(<PlayersPage />, { path: '/players' });

  expect(await screen.findByRole('article', { name: 'Sam Striker' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Team Players');
  expect(screen.getAllByRole('article')).toHaveLength(3);
  expect(screen.queryByText('Left Long Ago')).not.toBeInTheDocument();
  const sam = within(screen.getByRole('article', { name: 'Sam Striker' }));
  expect(sam.getByText(/Sniper/)).toBeInTheDocument();
  expect(sam.getByText('Forward')).toBeInTheDocument();
  expect(sam.getByRole('link', { name: 'sam@club.test' })).toHaveAttribute(
    'href',
    'mailto:sam@club.test',
  );
  expect(sam.getByText('555-0100')).toBeInTheDocument();
  expect(sam.getByText('March 2026')).toBeInTheDocument();
  expect(sam.getByText('Scores on Saturdays.')).toBeInTheDocument();
});

it('when a player opens /players, then it is the "Team Roster"', async () => {
  storeSession(TEST_PLAYER);
  fakeApi(directory());

  renderWithProviders(<PlayersPage />, { path: '/players' });

  expect(await screen.findByRole('heading', { level: 1, name: 'Team Roster' })).toBeInTheDocument();
});

it('when someone searches by position or name, then only the matching cards stay', async () => {
  storeSession(TEST_PLAYER);
  fakeApi(directory());
  renderWithProviders(<PlayersPage />, { path: '/players' });
  await screen.findByRole('article', { name: 'Sam Striker' });
  const search = screen.getByLabelText('Search players');

  await userEvent.type(search, 'goalk');
  expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
    'Jordan Winger',
  ]);

  await userEvent.clear(search);
  await userEvent.type(search, 'nobody like this');
  expect(screen.queryAllByRole('article')).toHaveLength(0);
  expect(screen.getByText('No players match your search.')).toBeInTheDocument();
});

it("when a member's picture is missing or broken, then their initials show", async () => {
  storeSession(TEST_PLAYER);
  fakeApi(directory());
  renderWithProviders(<PlayersPage />, { path: '/players' });

  const sam = await screen.findByRole('article', { name: 'Sam Striker' });
  const picture = sam.querySelector('img');
  expect(picture).toHaveAttribute('src', '/uploads/avatars/sam-0123456789abcdef-128.webp');
  fireEvent.error(picture!);

  expect(await within(sam).findByText('SS')).toBeInTheDocument();
  expect(
    within(screen.getByRole('article', { name: 'Casey Coach' })).getByText('CC'),
  ).toBeInTheDocument();
});

it('when the directory cannot load, then the server message or "Failed to load players" shows with Retry', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({ 'GET /user/all': { status: 503, body: {} }, ...stats });
  renderWithProviders(<PlayersPage />, { path: '/players' });

  const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
  expect(alert).toHaveTextContent(LOAD_FAILED);

  fakeApi({
    'GET /user/all': { status: 403, body: { error: 'Password change required' } },
    ...stats,
  });
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

  expect(
    await screen.findByText('Password change required', {}, { timeout: 5000 }),
  ).toBeInTheDocument();
});

it('when nobody is in the directory, then it says so', async () => {
  storeSession(TEST_ADMIN);
  fakeApi({ 'GET /user/all': { body: { success: true, data: [] } }, ...stats });

  renderWithProviders(<PlayersPage />, { path: '/players' });

  expect(await screen.findByText('No players yet.')).toBeInTheDocument();
});

it('when a member has no login, then their card shows "No login" instead of an email, and no mail link', async () => {
  storeSession(TEST_PLAYER);
  const robin: User = {
    ...TEST_PLAYER,
    id: '7f0c6b1e-6666-4a4a-9a9a-1234567890ab',
    name: 'Robin Young',
    email: '',
    has_login: false,
    minor: true,
  };
  // A young player with a login of their own, whose address this viewer may not see.
  const alex: User = { ...robin, id: 'alex', name: 'Alex Young', has_login: true };
  fakeApi({
    'GET /user/all': { body: { success: true, data: [...DIRECTORY, robin, alex] } },
    ...stats,
  });
  renderWithProviders(<PlayersPage />, { path: '/players' });

  const card = within(await screen.findByRole('article', { name: 'Robin Young' }));
  expect(card.getByText('No login')).toBeInTheDocument();
  expect(card.queryByText('Email:')).not.toBeInTheDocument();
  expect(card.queryByRole('link')).not.toBeInTheDocument();
  const withLogin = within(screen.getByRole('article', { name: 'Alex Young' }));
  expect(withLogin.queryByText('No login')).not.toBeInTheDocument();
  expect(withLogin.queryByText('Email:')).not.toBeInTheDocument();
  expect(withLogin.queryByRole('link')).not.toBeInTheDocument();
  const sam = within(screen.getByRole('article', { name: 'Sam Striker' }));
  expect(sam.queryByText('No login')).not.toBeInTheDocument();
  expect(sam.getByRole('link', { name: 'sam@club.test' })).toBeInTheDocument();
});
