/**
 * @jest-environment jsdom
 *
 * /news with teams (docs/reference.md "Teams"): the form's Team picker (club admins: club-wide or
 * any team; a coach: the teams they coach), who runs which post, the team badge and the header's
 * choice; with one team nothing of it shows.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NewsPost } from '@teamapp/contracts';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
  type ApiCall,
} from '@teamapp/ui/test/dom';
import { chooseTeam, fakeTeam, teamsRoute } from '@teamapp/ui/test/teams';
import { NewsPage } from './news-page';

const FIRSTS = fakeTeam('0a0a0a0a-0000-4a4a-9a9a-000000000001', 'Firsts', 'coach', {
  colour: '#1864ab',
});
const U12 = fakeTeam('0a0a0a0a-0000-4a4a-9a9a-000000000002', 'Under 12s', 'player');
const VETS = fakeTeam('0a0a0a0a-0000-4a4a-9a9a-000000000003', 'Veterans', null);
/** The club's teams as the player who coaches the Firsts sees them. */
const TEAMS = [FIRSTS, U12, VETS];
/** The same teams as a club admin in none of them sees them. */
const ADMIN_TEAMS = TEAMS.map((t) => ({ ...t, myRole: null }));

const post = (n: number, title: string, teamId: string | null): NewsPost => ({
  id: `1b2c3d4e-0000-4a4a-9a9a-00000000000${n}`,
  title,
  content: `About ${title}.`,
  author_id: TEST_ADMIN.id,
  author_name: 'Casey Coach',
  created_at: '2026-03-02T15:00:00.000Z',
  updated_at: '2026-03-02T15:00:00.000Z',
  image_url: null,
  is_pinned: false,
  teamId,
});
const CLUB_POST = post(1, 'Club dinner', null);
const FIRSTS_POST = post(2, 'Firsts training', FIRSTS.id);
const U12_POST = post(3, 'Under 12s kit', U12.id);
const ALL_POSTS = [CLUB_POST, FIRSTS_POST, U12_POST];

const listOf = (posts: NewsPost[]) => ({ body: { success: true, data: posts } });
const created = (call: ApiCall) => ({
  status: 201,
  body: { success: true, data: { ...CLUB_POST, ...(call.body as object) } },
});

async function writePost(dialog: ReturnType<typeof within>) {
  await userEvent.type(dialog.getByRole('textbox', { name: /^Title/ }), 'Bus times');
  await userEvent.type(dialog.getByRole('textbox', { name: /^Content/ }), 'Leaves at five');
}

beforeEach(() => localStorage.clear());

it('when a club admin publishes with several teams, then the Team picker offers Club-wide and every team and the chosen team is sent', async () => {
  storeSession(TEST_ADMIN);
  const calls = fakeApi({
    ...teamsRoute(ADMIN_TEAMS),
    'GET /news': listOf([]),
    'POST /news': created,
  });
  renderWithProviders(<NewsPage />, { path: '/news' });

  await userEvent.click(await screen.findByRole('button', { name: 'Create Post' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Create News Post' }));
  const picker = await dialog.findByRole('combobox', { name: 'Team' });
  expect(
    within(picker)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Club-wide', 'Firsts', 'Under 12s', 'Veterans']);
  expect(picker).toHaveValue('');
  expect(dialog.getByText('Every other member gets a notification.')).toBeInTheDocument();
  await writePost(dialog);
  await userEvent.selectOptions(picker, VETS.id);
  expect(
    dialog.getByText('Every other member of Veterans gets a notification.'),
  ).toBeInTheDocument();

  await userEvent.click(dialog.getByRole('button', { name: 'Publish' }));

  expect(await screen.findByText('News post published and the team notified.')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    title: 'Bus times',
    content: 'Leaves at five',
    imageUrl: '',
    isPinned: false,
    notify: true,
    teamId: VETS.id,
  });
});

it('when a club admin leaves the picker on Club-wide, then no teamId is sent', async () => {
  storeSession(TEST_ADMIN);
  const calls = fakeApi({
    ...teamsRoute(ADMIN_TEAMS),
    'GET /news': listOf([]),
    'POST /news': created,
  });
  renderWithProviders(<NewsPage />, { path: '/news' });

  await userEvent.click(await screen.findByRole('button', { name: 'Create Post' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Create News Post' }));
  await dialog.findByRole('combobox', { name: 'Team' });
  await writePost(dialog);
  await userEvent.click(dialog.getByRole('button', { name: 'Publish' }));

  await screen.findByText('News post published and the team notified.');
  expect(calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('teamId');
});

it('when a coach publishes, then only the teams they coach are offered (no club-wide), the header team first', async () => {
  storeSession(TEST_PLAYER);
  const second = { ...VETS, myRole: 'coach' as const };
  chooseTeam(TEST_PLAYER.id, second.id);
  const calls = fakeApi({
    ...teamsRoute([FIRSTS, U12, second]),
    'GET /news': listOf([]),
    'POST /news': created,
  });
  renderWithProviders(<NewsPage />, { path: '/news' });

  await userEvent.click(await screen.findByRole('button', { name: 'Create Post' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Create News Post' }));
  const picker = dialog.getByRole('combobox', { name: /^Team/ });
  expect(picker).toBeRequired();
  expect(
    within(picker)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Firsts', 'Veterans']);
  expect(picker).toHaveValue(second.id);
  await writePost(dialog);
  await userEvent.selectOptions(picker, FIRSTS.id);
  await userEvent.click(dialog.getByRole('button', { name: 'Publish' }));

  await screen.findByText('News post published and the team notified.');
  expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ teamId: FIRSTS.id });
});

it("when a coach reads the news, then Edit, Pin and Delete show on their team's posts only, and each team post wears its badge", async () => {
  storeSession(TEST_PLAYER);
  fakeApi({ ...teamsRoute(TEAMS), 'GET /news': listOf(ALL_POSTS) });
  renderWithProviders(<NewsPage />, { path: '/news' });

  const firsts = within(await screen.findByRole('article', { name: 'Firsts training' }));
  expect(await firsts.findByText('Firsts')).toBeInTheDocument();
  expect(firsts.getByRole('button', { name: 'Edit Firsts training' })).toBeInTheDocument();
  expect(firsts.getByRole('button', { name: 'Pin Firsts training' })).toBeInTheDocument();
  expect(firsts.getByRole('button', { name: 'Delete Firsts training' })).toBeInTheDocument();
  const u12 = within(screen.getByRole('article', { name: 'Under 12s kit' }));
  expect(u12.getByText('Under 12s')).toBeInTheDocument();
  expect(u12.queryByRole('button')).toBeNull();
  const club = within(screen.getByRole('article', { name: 'Club dinner' }));
  expect(club.queryByRole('button')).toBeNull();
  expect(club.queryByText(/Firsts|Under 12s|Veterans/)).toBeNull();
  expect(screen.getByRole('button', { name: 'Create Post' })).toBeInTheDocument();
});

it('when a player who coaches nothing reads the news, then there is nothing to create, edit, pin or delete', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({
    ...teamsRoute([{ ...FIRSTS, myRole: 'player' }, U12]),
    'GET /news': listOf(ALL_POSTS),
  });
  renderWithProviders(<NewsPage />, { path: '/news' });

  const firsts = within(await screen.findByRole('article', { name: 'Firsts training' }));
  expect(await firsts.findByText('Firsts')).toBeInTheDocument();
  expect(screen.queryAllByRole('button')).toEqual([]);
});

it('when a club admin reads the news, then every post has its controls', async () => {
  storeSession(TEST_ADMIN);
  fakeApi({ ...teamsRoute(ADMIN_TEAMS), 'GET /news': listOf(ALL_POSTS) });
  renderWithProviders(<NewsPage />, { path: '/news' });

  await screen.findByRole('article', { name: 'Club dinner' });
  for (const { title } of ALL_POSTS) {
    expect(screen.getByRole('button', { name: `Delete ${title}` })).toBeInTheDocument();
  }
});

it("when a team is chosen in the header, then that team's posts and the club-wide ones show", async () => {
  storeSession(TEST_PLAYER);
  chooseTeam(TEST_PLAYER.id, U12.id);
  fakeApi({ ...teamsRoute(TEAMS), 'GET /news': listOf(ALL_POSTS) });
  renderWithProviders(<NewsPage />, { path: '/news' });

  await waitFor(() =>
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Club dinner',
      'Under 12s kit',
    ]),
  );
});

it('when the club has one team, then no picker, no badge and no team filter, and a club admin sends no teamId', async () => {
  storeSession(TEST_ADMIN);
  chooseTeam(TEST_ADMIN.id, FIRSTS.id);
  const calls = fakeApi({
    ...teamsRoute([{ ...FIRSTS, myRole: 'coach' }]),
    'GET /news': listOf([CLUB_POST, FIRSTS_POST, U12_POST]),
    'POST /news': created,
  });
  renderWithProviders(<NewsPage />, { path: '/news' });

  await screen.findByRole('article', { name: 'Under 12s kit' });
  await waitFor(() => expect(calls.some((c) => c.path === '/teams')).toBe(true));
  expect(screen.getAllByRole('article')).toHaveLength(3);
  expect(screen.queryByText('Firsts')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Create News Post' }));
  expect(dialog.queryByRole('combobox')).toBeNull();
  await writePost(dialog);
  await userEvent.click(dialog.getByRole('button', { name: 'Publish' }));

  await screen.findByText('News post published and the team notified.');
  expect(calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('teamId');
});

it("when a coach's club has one team, then there is no picker and the post is the team's", async () => {
  storeSession(TEST_PLAYER);
  const calls = fakeApi({
    ...teamsRoute([FIRSTS]),
    'GET /news': listOf([CLUB_POST, FIRSTS_POST]),
    'POST /news': created,
  });
  renderWithProviders(<NewsPage />, { path: '/news' });

  await userEvent.click(await screen.findByRole('button', { name: 'Create Post' }));
  expect(screen.queryByText('Firsts')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Delete Club dinner' })).toBeNull();
  const dialog = within(await screen.findByRole('dialog', { name: 'Create News Post' }));
  expect(dialog.queryByRole('combobox')).toBeNull();
  expect(dialog.getByText('Every other member gets a notification.')).toBeInTheDocument();
  await writePost(dialog);
  await userEvent.click(dialog.getByRole('button', { name: 'Publish' }));

  await screen.findByText('News post published and the team notified.');
  expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ teamId: FIRSTS.id });
});
