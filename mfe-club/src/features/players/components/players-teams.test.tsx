/**
 * @jest-environment jsdom
 *
 * /players with teams (docs/reference.md "Teams"): with a team chosen in the header the cards are
 * that team's roster, with the directory's fields and its coaches marked, and Season Stats and the
 * Team Record are that team's; with "All my teams", or one team in the club, the directory and the
 * club's figures as before.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamRosterEntry, User } from '@teamapp/contracts';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
  type Reply,
} from '@teamapp/ui/test/dom';
import { chooseTeam, fakeTeam, teamsRoute } from '@teamapp/ui/test/teams';
import { LOAD_FAILED, PlayersPage } from './players-page';

const SAM: User = {
  ...TEST_PLAYER,
  id: '5a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  name: 'Sam Striker',
  email: 'sam@club.test',
  position: 'Forward',
};
const ALEX: User = {
  ...TEST_PLAYER,
  id: '5a1b2c3d-0000-4a6b-8c7d-0e1f2a3b4c5d',
  name: 'Alex Keeper',
};
const DIRECTORY = [TEST_ADMIN, TEST_PLAYER, SAM, ALEX];

const FIRSTS = fakeTeam('0a0a0a0a-0000-4a4a-9a9a-000000000001', 'Firsts', 'player');
const U12 = fakeTeam('0a0a0a0a-0000-4a4a-9a9a-000000000002', 'Under 12s', 'coach');
const entry = (user: User, role: TeamRosterEntry['role']): TeamRosterEntry => ({
  userId: user.id,
  name: user.name,
  profilePicture: null,
  role,
});
const FIRSTS_ROSTER = {
  team: FIRSTS,
  members: [entry(SAM, 'coach'), entry(TEST_PLAYER, 'player')],
};

/** A season: `goals` for Sam, the record's wins and goals for. */
const season = (goals: number, wins: number) => ({
  body: {
    success: true,
    data: {
      members: [{ userId: SAM.id, games: wins, goals, assists: 0 }],
      team: { played: wins, wins, draws: 0, losses: 0, goalsFor: goals, goalsAgainst: 0 },
    },
  },
});
/** The club's season, and the Firsts' alone (GET /events/stats?teamId=). */
const CLUB_SEASON = season(9, 6);
const FIRSTS_SEASON = season(4, 2);

function api(teams = [FIRSTS, U12], roster: Reply = { body: FIRSTS_ROSTER }) {
  return fakeApi({
    ...teamsRoute(teams),
    'GET /user/all': { body: { success: true, data: DIRECTORY } },
    'GET /events/stats': CLUB_SEASON,
    [`GET /events/stats?teamId=${FIRSTS.id}`]: FIRSTS_SEASON,
    [`GET /teams/${FIRSTS.id}/members`]: roster,
  });
}

/** The figure under a label ("Goals" → "5") inside `scope`. */
const figure = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label).nextSibling?.textContent;
const record = () => screen.getByRole('region', { name: 'Team Record' });

const cardNames = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));

beforeEach(() => localStorage.clear());

it.each([
  ['a player', TEST_PLAYER, 'Team Roster'],
  ['a club admin', TEST_ADMIN, 'Team Players'],
])(
  "when %s has chosen a team in the header, then the cards are that team's members with their directory fields, its coach marked",
  async (_who, user, heading) => {
    storeSession(user);
    chooseTeam(user.id, FIRSTS.id);
    const calls = api(
      user === TEST_ADMIN ? [FIRSTS, U12].map((t) => ({ ...t, myRole: null })) : undefined,
    );
    renderWithProviders(<PlayersPage />, { path: '/players' });

    // The shell has read the teams before a page opens; here the directory may show first.
    await waitFor(() => expect(cardNames()).toEqual(['Jordan Winger', 'Sam Striker']));
    const sam = within(screen.getByRole('article', { name: 'Sam Striker' }));
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText('Firsts')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Jordan Winger', 'Sam Striker']);
    expect(sam.getByText('Coach')).toBeInTheDocument();
    expect(sam.getByRole('link', { name: 'sam@club.test' })).toBeInTheDocument();
    expect(sam.getByText('Forward')).toBeInTheDocument();
    const jordan = within(screen.getByRole('article', { name: 'Jordan Winger' }));
    expect(jordan.queryByText('Coach')).toBeNull();
    expect(calls.some((c) => c.path === `/teams/${FIRSTS.id}/members`)).toBe(true);
  },
);

it('when a team is chosen, then the search still narrows its roster', async () => {
  storeSession(TEST_PLAYER);
  chooseTeam(TEST_PLAYER.id, FIRSTS.id);
  api();
  renderWithProviders(<PlayersPage />, { path: '/players' });
  await waitFor(() => expect(cardNames()).toHaveLength(2));

  await userEvent.type(screen.getByRole('textbox', { name: 'Search players' }), 'forw');

  expect(cardNames()).toEqual(['Sam Striker']);
});

it('when "All my teams" is chosen, then every member of the directory shows and no roster is read', async () => {
  storeSession(TEST_PLAYER);
  const calls = api();
  renderWithProviders(<PlayersPage />, { path: '/players' });

  await screen.findByRole('article', { name: 'Alex Keeper' });
  await waitFor(() => expect(calls.some((c) => c.path === '/teams')).toBe(true));
  expect(cardNames()).toHaveLength(4);
  expect(screen.queryByText('Coach')).toBeNull();
  expect(calls.some((c) => c.path.endsWith('/members'))).toBe(false);
});

it('when the club has one team, then /players is the directory even with a team remembered', async () => {
  storeSession(TEST_PLAYER);
  chooseTeam(TEST_PLAYER.id, FIRSTS.id);
  const calls = api([FIRSTS]);
  renderWithProviders(<PlayersPage />, { path: '/players' });

  await screen.findByRole('article', { name: 'Alex Keeper' });
  await waitFor(() => expect(calls.some((c) => c.path === '/teams')).toBe(true));
  expect(cardNames()).toHaveLength(4);
  expect(screen.queryByText('Firsts')).toBeNull();
  expect(calls.some((c) => c.path.endsWith('/members'))).toBe(false);
});

it("when the team's roster cannot load, then it says so with Retry", async () => {
  storeSession(TEST_PLAYER);
  chooseTeam(TEST_PLAYER.id, FIRSTS.id);
  api(undefined, { status: 503, body: {} });
  renderWithProviders(<PlayersPage />, { path: '/players' });

  const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
  expect(alert).toHaveTextContent(LOAD_FAILED);
  expect(screen.queryAllByRole('article')).toEqual([]);
  expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

it("when a club admin has chosen a team, then Season Stats and the Team Record are that team's", async () => {
  storeSession(TEST_ADMIN);
  chooseTeam(TEST_ADMIN.id, FIRSTS.id);
  const calls = api([FIRSTS, U12].map((t) => ({ ...t, myRole: null })));
  renderWithProviders(<PlayersPage />, { path: '/players' });

  await waitFor(() => expect(cardNames()).toEqual(['Jordan Winger', 'Sam Striker']));
  await waitFor(() => expect(figure(record(), 'Wins')).toBe('2'));
  expect(figure(record(), 'Goals For')).toBe('4');
  const sam = screen.getByRole('article', { name: 'Sam Striker' });
  expect(figure(sam, 'Goals')).toBe('4');
  expect(calls.some((c) => c.path === `/events/stats?teamId=${FIRSTS.id}`)).toBe(true);
});

it("when a player has chosen a team, then the Team Record is that team's", async () => {
  storeSession(TEST_PLAYER);
  chooseTeam(TEST_PLAYER.id, FIRSTS.id);
  api();
  renderWithProviders(<PlayersPage />, { path: '/players' });

  await waitFor(() => expect(figure(record(), 'Wins')).toBe('2'));
  expect(figure(record(), 'Played')).toBe('2');
  expect(screen.queryByText('Season Stats')).toBeNull();
});

it.each([
  ['"All my teams" is chosen', [FIRSTS, U12], false],
  ['the club has one team, even with a team remembered', [FIRSTS], true],
])(
  "when %s, then Season Stats and the Team Record are the club's and no team is asked for",
  async (_case, teams, remembered) => {
    storeSession(TEST_ADMIN);
    if (remembered) chooseTeam(TEST_ADMIN.id, FIRSTS.id);
    const calls = api(teams.map((t) => ({ ...t, myRole: null })));
    renderWithProviders(<PlayersPage />, { path: '/players' });

    await waitFor(() => expect(calls.some((c) => c.path === '/teams')).toBe(true));
    await waitFor(() => expect(figure(record(), 'Wins')).toBe('6'));
    expect(figure(record(), 'Goals For')).toBe('9');
    expect(figure(screen.getByRole('article', { name: 'Sam Striker' }), 'Goals')).toBe('9');
    expect(calls.filter((c) => c.path.startsWith('/events/stats')).map((c) => c.path)).toEqual([
      '/events/stats',
    ]);
  },
);
