/**
 * @jest-environment jsdom
 *
 * Season Stats on /players: each card's games, goals and assists and the team's record
 * come from GET /events/stats; admins see the player figures on the cards and in the edit dialog,
 * every member sees the team's record; loading, no results yet, and a failure with Retry.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@teamapp/contracts';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
} from '@teamapp/ui/test/dom';
import { PlayersPage } from './players-page';
import { STATS_FAILED } from './team-record';

const SAM: User = {
  ...TEST_PLAYER,
  id: '5a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  name: 'Sam Striker',
  email: 'sam@club.test',
};
const directory = {
  'GET /user/all': { body: { success: true, data: [TEST_ADMIN, SAM, TEST_PLAYER] } },
};
const SEASON = {
  success: true,
  data: {
    members: [
      { userId: SAM.id, games: 7, goals: 5, assists: 2 },
      { userId: TEST_ADMIN.id, games: 0, goals: 0, assists: 0 },
    ],
    team: { played: 8, wins: 4, draws: 1, losses: 3, goalsFor: 15, goalsAgainst: 11 },
  },
};

/** The figure under a label ("Goals" → "5") inside `scope`. */
const figure = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label).nextSibling?.textContent;

beforeEach(() => localStorage.clear());

it("when an admin opens /players, then each card's Season Stats and the Team Record come from the season's stats", async () => {
  storeSession(TEST_ADMIN);
  fakeApi({ ...directory, 'GET /events/stats': { body: SEASON } });
  renderWithProviders(<PlayersPage />, { path: '/players' });

  const sam = await screen.findByRole('article', { name: 'Sam Striker' });
  await waitFor(() => expect(figure(sam, 'Goals')).toBe('5'));
  expect(figure(sam, 'Games')).toBe('7');
  expect(figure(sam, 'Assists')).toBe('2');
  // A member the season has nothing for shows zeros.
  const jordan = screen.getByRole('article', { name: 'Jordan Winger' });
  expect(figure(jordan, 'Games')).toBe('0');
  expect(figure(jordan, 'Goals')).toBe('0');

  const record = screen.getByRole('region', { name: 'Team Record' });
  expect(figure(record, 'Played')).toBe('8');
  expect(figure(record, 'Wins')).toBe('4');
  expect(figure(record, 'Draws')).toBe('1');
  expect(figure(record, 'Losses')).toBe('3');
  expect(figure(record, 'Goals For')).toBe('15');
  expect(figure(record, 'Goals Against')).toBe('11');
});

it("when an admin edits a card, then the dialog shows that player's Season Stats", async () => {
  storeSession(TEST_ADMIN);
  fakeApi({ ...directory, 'GET /events/stats': { body: SEASON } });
  renderWithProviders(<PlayersPage />, { path: '/players' });
  const sam = await screen.findByRole('article', { name: 'Sam Striker' });
  await waitFor(() => expect(figure(sam, 'Goals')).toBe('5'));

  await userEvent.click(screen.getByRole('button', { name: 'Edit Sam Striker' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Sam Striker' });

  expect(within(dialog).getByRole('heading', { name: 'Season Stats' })).toBeInTheDocument();
  expect(figure(dialog, 'Games')).toBe('7');
  expect(figure(dialog, 'Goals')).toBe('5');
  expect(figure(dialog, 'Assists')).toBe('2');
});

it("when a player opens /players, then they see the Team Record but no one's Season Stats", async () => {
  storeSession(TEST_PLAYER);
  fakeApi({ ...directory, 'GET /events/stats': { body: SEASON } });
  renderWithProviders(<PlayersPage />, { path: '/players' });

  const record = await screen.findByRole('region', { name: 'Team Record' });
  await waitFor(() => expect(figure(record, 'Wins')).toBe('4'));
  expect(screen.queryByText('Season Stats')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Edit Jordan Winger' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Jordan Winger' });
  expect(within(dialog).queryByText('Season Stats')).not.toBeInTheDocument();
});

it('when no result is recorded yet, then the Team Record says so with zeros', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({
    ...directory,
    'GET /events/stats': {
      body: {
        success: true,
        data: {
          members: [],
          team: { played: 0, wins: 0, draws: 0, losses: 0, goalsFor: 0, goalsAgainst: 0 },
        },
      },
    },
  });
  renderWithProviders(<PlayersPage />, { path: '/players' });

  expect(await screen.findByText('No results recorded yet this season.')).toBeInTheDocument();
  expect(figure(screen.getByRole('region', { name: 'Team Record' }), 'Losses')).toBe('0');
});

it('when the stats cannot load, then the Team Record says so with Retry and the cards show a dash', async () => {
  storeSession(TEST_ADMIN);
  fakeApi({ ...directory, 'GET /events/stats': { status: 503, body: {} } });
  renderWithProviders(<PlayersPage />, { path: '/players' });

  const record = await screen.findByRole('region', { name: 'Team Record' });
  const alert = await within(record).findByRole('alert', {}, { timeout: 5000 });
  expect(alert).toHaveTextContent(STATS_FAILED);
  expect(figure(screen.getByRole('article', { name: 'Sam Striker' }), 'Goals')).toBe('–');

  fakeApi({ ...directory, 'GET /events/stats': { body: SEASON } });
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

  await waitFor(() =>
    expect(figure(screen.getByRole('article', { name: 'Sam Striker' }), 'Goals')).toBe('5'),
  );
  expect(figure(record, 'Wins')).toBe('4');
});
