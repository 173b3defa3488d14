/**
 * @jest-environment jsdom
 *
 * /chat with teams (docs/reference.md "Teams"): a team's own room is marked and nobody deletes
 * it; a coach makes and deletes rooms of the teams they coach, among that team's members; the
 * room form's Team picker; the list follows the header's team. With one team nothing shows.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatRoom, TeamRosterEntry, User } from '@teamapp/contracts';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
  type ApiCall,
  type Reply,
} from '@teamapp/ui/test/dom';
import { chooseTeam, fakeTeam, teamsRoute } from '@teamapp/ui/test/teams';
import { ChatPage } from './chat-page';

const FIRSTS = fakeTeam('0a0a0a0a-0000-4a4a-9a9a-000000000001', 'Firsts', 'coach', {
  colour: '#c92a2a',
});
const U12 = fakeTeam('0a0a0a0a-0000-4a4a-9a9a-000000000002', 'Under 12s', 'player');
/** The teams as TEST_PLAYER (coach of the Firsts, player of the Under 12s) sees them. */
const TEAMS = [FIRSTS, U12];
const ADMIN_TEAMS = TEAMS.map((t) => ({ ...t, myRole: null }));

const SAM: User = {
  ...TEST_PLAYER,
  id: '5a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  name: 'Sam Striker',
};
const ALEX: User = {
  ...TEST_PLAYER,
  id: '5a1b2c3d-0000-4a6b-8c7d-0e1f2a3b4c5d',
  name: 'Alex Keeper',
};
const entry = (user: User, role: TeamRosterEntry['role']): TeamRosterEntry => ({
  userId: user.id,
  name: user.name,
  profilePicture: null,
  role,
});

const room = (id: string, name: string, over: Partial<ChatRoom> = {}): ChatRoom => ({
  id,
  name,
  description: '',
  type: 'group',
  memberCount: 3,
  lastMessage: null,
  unreadCount: 0,
  createdBy: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  teamId: null,
  teamRoom: false,
  ...over,
});
const FIRSTS_ROOM = room('r-firsts', 'Firsts', { teamId: FIRSTS.id, teamRoom: true });
const FIRSTS_KEEPERS = room('r-keepers', 'Keepers', { teamId: FIRSTS.id, type: 'private' });
const U12_ROOM = room('r-u12', 'Under 12s', { teamId: U12.id, teamRoom: true });
const CLUB_ROOM = room('r-club', 'Whole club');
const ROOMS = [FIRSTS_ROOM, FIRSTS_KEEPERS, U12_ROOM, CLUB_ROOM];

const created = (call: ApiCall): Reply => ({
  status: 201,
  body: {
    success: true,
    message: 'Chat room created successfully',
    data: room('r-new', (call.body as { name: string }).name),
  },
});

function api(teams = TEAMS, rooms = ROOMS) {
  return fakeApi({
    ...teamsRoute(teams),
    'GET /chat': { body: { success: true, chatRooms: rooms } },
    'GET /user/all': { body: { success: true, data: [TEST_ADMIN, TEST_PLAYER, SAM, ALEX] } },
    [`GET /teams/${FIRSTS.id}/members`]: {
      body: { team: FIRSTS, members: [entry(TEST_PLAYER, 'coach'), entry(SAM, 'player')] },
    },
    'POST /chat': created,
  });
}

const roomList = () => within(screen.getByRole('navigation', { name: 'Chat rooms' }));
const roomButton = (name: RegExp) => roomList().getByRole('button', { name });
const openRoom = async (name: RegExp) => {
  await userEvent.click(await roomList().findByRole('button', { name }));
  return within(await screen.findByRole('log', { name: new RegExp(`^Messages in`) })).getByText;
};
const postedRoom = (calls: ApiCall[]) =>
  calls.find((c) => c.method === 'POST' && c.path === '/chat')?.body;

beforeEach(() => localStorage.clear());

it('when a member has several teams, then a team\'s own room is marked "Team room", its other rooms carry its name and club rooms nothing', async () => {
  storeSession(TEST_PLAYER);
  api();
  renderWithProviders(<ChatPage />, { path: '/chat' });

  await waitFor(() => expect(roomList().getAllByText('Team room')).toHaveLength(2));
  expect(roomButton(/^Firsts/)).toHaveTextContent('Team room');
  expect(roomButton(/^Keepers/)).toHaveTextContent('Firsts');
  expect(roomButton(/^Whole club/)).not.toHaveTextContent(/Team room|Firsts|Under 12s/);

  await openRoom(/^Firsts/);
  expect(
    screen.getByText("Firsts's own room: its members follow the team's roster."),
  ).toBeInTheDocument();
});

it("when a club admin opens a team's own room, then it cannot be deleted; any other room can", async () => {
  storeSession(TEST_ADMIN);
  api(ADMIN_TEAMS);
  renderWithProviders(<ChatPage />, { path: '/chat' });

  await openRoom(/^Firsts/);
  expect(screen.queryByRole('button', { name: 'Delete Room' })).toBeNull();
  await openRoom(/^Whole club/);
  expect(await screen.findByRole('button', { name: 'Delete Room' })).toBeInTheDocument();
  await openRoom(/^Keepers/);
  expect(await screen.findByRole('button', { name: 'Delete Room' })).toBeInTheDocument();
});

it("when a coach opens rooms, then New Room shows and only their team's other rooms can be deleted", async () => {
  storeSession(TEST_PLAYER);
  api();
  renderWithProviders(<ChatPage />, { path: '/chat' });

  expect(await screen.findByRole('button', { name: 'New Room' })).toBeInTheDocument();
  await openRoom(/^Keepers/);
  expect(await screen.findByRole('button', { name: 'Delete Room' })).toBeInTheDocument();
  for (const name of [/^Firsts/, /^Under 12s/, /^Whole club/]) {
    await openRoom(name);
    expect(screen.queryByRole('button', { name: 'Delete Room' })).toBeNull();
  }
});

it('when a player coaches no team, then there is no New Room and no Delete Room', async () => {
  storeSession(TEST_PLAYER);
  const calls = api([{ ...FIRSTS, myRole: 'player' }, U12]);
  renderWithProviders(<ChatPage />, { path: '/chat' });

  await waitFor(() => expect(calls.some((c) => c.path === '/teams')).toBe(true));
  await openRoom(/^Keepers/);
  expect(screen.queryByRole('button', { name: 'New Room' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Delete Room' })).toBeNull();
});

it("when a team is chosen in the header, then the list holds that team's rooms and the club's", async () => {
  storeSession(TEST_PLAYER);
  chooseTeam(TEST_PLAYER.id, U12.id);
  api();
  renderWithProviders(<ChatPage />, { path: '/chat' });

  await waitFor(() =>
    expect(
      roomList()
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringMatching(/^Under 12s/), expect.stringMatching(/^Whole club/)]),
  );
});

it("when a coach makes a room, then they pick one of their teams (no club-wide) and only that team's members are offered and sent", async () => {
  storeSession(TEST_PLAYER);
  const calls = api();
  renderWithProviders(<ChatPage />, { path: '/chat' });

  await userEvent.click(await screen.findByRole('button', { name: 'New Room' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'New Room' }));
  const picker = dialog.getByRole('combobox', { name: /^Team/ });
  expect(picker).toBeRequired();
  expect(
    within(picker)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Firsts']);
  await userEvent.type(dialog.getByLabelText(/Room Name/), 'Defence');
  await userEvent.click(dialog.getByRole('radio', { name: /Private/ }));
  expect(await dialog.findByRole('checkbox', { name: SAM.name })).toBeInTheDocument();
  expect(dialog.queryByRole('checkbox', { name: ALEX.name })).toBeNull();
  expect(dialog.queryByRole('checkbox', { name: TEST_PLAYER.name })).toBeNull();
  await userEvent.click(dialog.getByRole('checkbox', { name: SAM.name }));
  await userEvent.click(dialog.getByRole('button', { name: 'Create Room' }));

  expect(await screen.findByText('Chat room created successfully')).toBeInTheDocument();
  expect(postedRoom(calls)).toEqual({
    name: 'Defence',
    description: null,
    type: 'private',
    members: [SAM.id],
    teamId: FIRSTS.id,
  });
});

it("when a club admin makes a room, then Club-wide is the default with every member, and a team's room takes its roster", async () => {
  storeSession(TEST_ADMIN);
  const calls = api(ADMIN_TEAMS);
  renderWithProviders(<ChatPage />, { path: '/chat' });

  await userEvent.click(await screen.findByRole('button', { name: 'New Room' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'New Room' }));
  const picker = await dialog.findByRole('combobox', { name: 'Team' });
  expect(
    within(picker)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Club-wide', 'Firsts', 'Under 12s']);
  expect(picker).toHaveValue('');
  await userEvent.click(dialog.getByRole('radio', { name: /Private/ }));
  expect(await dialog.findByRole('checkbox', { name: ALEX.name })).toBeInTheDocument();

  await userEvent.selectOptions(picker, FIRSTS.id);
  await waitFor(() => expect(dialog.queryByRole('checkbox', { name: ALEX.name })).toBeNull());
  expect(dialog.getByRole('checkbox', { name: TEST_PLAYER.name })).toBeInTheDocument();
  await userEvent.click(dialog.getByRole('radio', { name: /Group/ }));
  await userEvent.type(dialog.getByLabelText(/Room Name/), 'Firsts social');
  await userEvent.click(dialog.getByRole('button', { name: 'Create Room' }));

  await screen.findByText('Chat room created successfully');
  expect(postedRoom(calls)).toEqual({
    name: 'Firsts social',
    description: null,
    type: 'group',
    members: [TEST_PLAYER.id, SAM.id],
    teamId: FIRSTS.id,
  });
});

it("when the club has one team, then no picker and no marks, an admin's room is as before, and the team's room is still not deleted", async () => {
  storeSession(TEST_ADMIN);
  chooseTeam(TEST_ADMIN.id, FIRSTS.id);
  const calls = api([{ ...FIRSTS, myRole: 'coach' }], [FIRSTS_ROOM, CLUB_ROOM]);
  renderWithProviders(<ChatPage />, { path: '/chat' });

  await waitFor(() => expect(calls.some((c) => c.path === '/teams')).toBe(true));
  await openRoom(/^Firsts/);
  expect(screen.queryByText(/Team room|own room/)).toBeNull();
  expect(screen.queryByRole('button', { name: 'Delete Room' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'New Room' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'New Room' }));
  expect(dialog.queryByRole('combobox')).toBeNull();
  await userEvent.type(dialog.getByLabelText(/Room Name/), 'Everyone');
  await userEvent.click(dialog.getByRole('button', { name: 'Create Room' }));

  await screen.findByText('Chat room created successfully');
  expect(postedRoom(calls)).toEqual({
    name: 'Everyone',
    description: null,
    type: 'group',
    members: [TEST_PLAYER.id, SAM.id, ALEX.id],
  });
});

it("when a coach's club has one team, then there is no picker and the room is the team's, among its members", async () => {
  storeSession(TEST_PLAYER);
  const calls = api([FIRSTS], [FIRSTS_ROOM]);
  renderWithProviders(<ChatPage />, { path: '/chat' });

  await userEvent.click(await screen.findByRole('button', { name: 'New Room' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'New Room' }));
  expect(dialog.queryByRole('combobox')).toBeNull();
  await userEvent.type(dialog.getByLabelText(/Room Name/), 'Squad');
  await waitFor(() => expect(dialog.getByRole('button', { name: 'Create Room' })).toBeEnabled());
  await userEvent.click(dialog.getByRole('button', { name: 'Create Room' }));

  await screen.findByText('Chat room created successfully');
  expect(postedRoom(calls)).toEqual({
    name: 'Squad',
    description: null,
    type: 'group',
    members: [SAM.id],
    teamId: FIRSTS.id,
  });
});
