/**
 * @jest-environment jsdom
 *
 * /teams as each role meets it (docs/reference.md "Teams"): a club admin runs every team and
 * roster, a coach their team's players, a player reads their own team's roster; with one team
 * the page lists that one.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  INVITATION_SENT,
  TEAM_ARCHIVED,
  TEAM_COACHES_BY_ADMIN,
  TEAM_CREATED,
  TEAM_MEMBER_REMOVED,
  TEAM_MEMBER_SAVED,
  TEAM_NAME_TAKEN,
  TEAM_UPDATED,
} from '@teamapp/contracts';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
  type ApiCall,
  type Reply,
} from '@teamapp/ui/test/dom';
import TeamsWithInvitations from '../../../exposed/teams-page';
import { clubRoutes, RILEY, SAM, teamsFor, U12_ID, U14_ID } from '../teams-test-kit';

beforeEach(() => localStorage.clear());

type Routes = Record<string, Reply | ((call: ApiCall) => Reply)>;

function open(viewer: typeof TEST_ADMIN, routes: Routes = {}, path = '/teams') {
  storeSession(viewer);
  const calls = fakeApi({ ...clubRoutes(viewer), ...routes });
  renderWithProviders(<TeamsWithInvitations />, { path });
  return calls;
}

const card = async (name: string) =>
  (await screen.findByRole('heading', { name, level: 2 })).closest('li')!;

/** Narrows the club's members by `search` and picks `name` (who is not in the team yet). */
async function chooseMember(search: string, name: string) {
  const member = await screen.findByRole('combobox', { name: 'Club member' });
  await waitFor(() => expect(within(member).getByRole('option', { name })).toBeInTheDocument());
  expect(within(member).getByRole('option', { name: 'Casey Coach' })).toBeInTheDocument();
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search club members' }), search);
  // Casey, in the club but not in the team, is a choice until the search leaves them out.
  expect(within(member).queryByRole('option', { name: 'Casey Coach' })).not.toBeInTheDocument();
  await userEvent.selectOptions(member, name);
}

/** The server's answer to PUT /teams/:id/members/:userId for `user`, in the role sent. */
const savedMember = (user: typeof SAM) => (call: ApiCall) => ({
  body: {
    success: true,
    message: TEAM_MEMBER_SAVED,
    member: { userId: user.id, name: user.name, profilePicture: null, ...(call.body as object) },
  },
});

const writes = (calls: ApiCall[], method: string) => calls.filter((c) => c.method === method);

describe('a club admin', () => {
  it('when they open /teams, then every team shows with colour, coaches, member count and their role, with the admin actions', async () => {
    open(TEST_ADMIN);

    const u12 = await card('Under 12s');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Teams');
    expect(within(u12).getByText('Coaches: Riley Coach')).toBeInTheDocument();
    expect(within(u12).getByText('2 members')).toBeInTheDocument();
    expect(within(u12).getByText('Public')).toBeInTheDocument();
    const u14 = await card('Under 14s');
    expect(within(u14).getByText('No coach yet')).toBeInTheDocument();
    expect(within(u14).getByText('1 member')).toBeInTheDocument();
    // Not in either team: no role of their own, but every roster and action.
    expect(screen.queryByText(/^You: /)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Roster of Under 14s' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Under 12s' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive Under 14s' })).toBeInTheDocument();
  });

  it('when they create a team, then its name, colour and public flag are sent and the list refreshes', async () => {
    const calls = open(TEST_ADMIN, {
      'POST /teams': (call) => ({
        status: 201,
        body: {
          success: true,
          message: TEAM_CREATED,
          team: { ...teamsFor(TEST_ADMIN)[0], id: U14_ID, ...(call.body as object) },
        },
      }),
    });
    await card('Under 12s');

    await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Team' });
    await userEvent.type(within(dialog).getByLabelText(/Team name/), '  Under 16s ');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Teal' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: /Public team/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Team' }));

    expect(await screen.findByText(TEAM_CREATED)).toBeInTheDocument();
    expect(writes(calls, 'POST')[0]?.body).toEqual({
      name: 'Under 16s',
      colour: '#087f5b',
      public: true,
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === '/teams')).toHaveLength(2),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('when the name is left blank, then the name field says so and nothing is sent', async () => {
    const calls = open(TEST_ADMIN);
    await card('Under 12s');

    await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Team' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Team' }));

    expect(await within(dialog).findByText('Team name is required.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Team name/)).toHaveFocus();
    expect(writes(calls, 'POST')).toHaveLength(0);
  });

  it('when the name is taken, then the server text shows in the dialog, which stays open', async () => {
    open(TEST_ADMIN, {
      'POST /teams': { status: 409, body: { success: false, error: TEAM_NAME_TAKEN } },
    });
    await card('Under 12s');

    await userEvent.click(screen.getByRole('button', { name: 'Create Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Team' });
    await userEvent.type(within(dialog).getByLabelText(/Team name/), 'under 12s');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Team' }));

    expect(await within(dialog).findByText(TEAM_NAME_TAKEN)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create Team' })).toBeInTheDocument();
  });

  it('when they rename a team, then the change is sent for that team', async () => {
    const calls = open(TEST_ADMIN, {
      [`PUT /teams/${U14_ID}`]: (call) => ({
        body: {
          success: true,
          message: TEAM_UPDATED,
          team: { ...teamsFor(TEST_ADMIN)[1], ...(call.body as object) },
        },
      }),
    });
    await card('Under 14s');

    await userEvent.click(screen.getByRole('button', { name: 'Edit Under 14s' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Team' });
    const name = within(dialog).getByLabelText(/Team name/);
    expect(name).toHaveValue('Under 14s');
    expect(within(dialog).getByRole('radio', { name: 'Green' })).toBeChecked();
    await userEvent.clear(name);
    await userEvent.type(name, 'Under 15s');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(TEAM_UPDATED)).toBeInTheDocument();
    expect(writes(calls, 'PUT')[0]).toMatchObject({
      path: `/teams/${U14_ID}`,
      body: { name: 'Under 15s', colour: '#2b7a3e', public: false },
    });
  });

  it('when they archive a team, then it is asked first, and only Archive Team sends it', async () => {
    const calls = open(TEST_ADMIN, {
      [`DELETE /teams/${U14_ID}`]: {
        body: {
          success: true,
          message: TEAM_ARCHIVED,
          team: { ...teamsFor(TEST_ADMIN)[1], archived: true },
        },
      },
    });
    await card('Under 14s');

    await userEvent.click(screen.getByRole('button', { name: 'Archive Under 14s' }));
    let dialog = await screen.findByRole('dialog', { name: 'Archive Team' });
    expect(within(dialog).getByText(/Archive Under 14s\?/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls, 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Archive Under 14s' }));
    dialog = await screen.findByRole('dialog', { name: 'Archive Team' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive Team' }));

    expect(await screen.findByText(TEAM_ARCHIVED)).toBeInTheDocument();
    expect(writes(calls, 'DELETE').map((c) => c.path)).toEqual([`/teams/${U14_ID}`]);
  });

  it('when they open a roster, then they add a club member with a role, make a player a coach and remove one after confirming', async () => {
    const calls = open(TEST_ADMIN, {
      [`PUT /teams/${U12_ID}/members/${TEST_PLAYER.id}`]: savedMember(TEST_PLAYER),
      [`PUT /teams/${U12_ID}/members/${SAM.id}`]: savedMember(SAM),
      [`DELETE /teams/${U12_ID}/members/${SAM.id}`]: {
        body: { success: true, message: TEAM_MEMBER_REMOVED },
      },
    });
    await userEvent.click(await screen.findByRole('link', { name: 'Roster of Under 12s' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Under 12s Roster' }),
    ).toBeInTheDocument();
    const roster = await screen.findByRole('list', { name: 'Members of Under 12s' });
    expect(
      within(roster)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Riley Coach'), expect.stringContaining('Sam Striker')]);

    // Add Jordan, who is in the club but not in the team, as a coach.
    await chooseMember('Jor', 'Jordan Winger');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'coach');
    await userEvent.click(screen.getByRole('button', { name: 'Add to Team' }));
    await waitFor(() =>
      expect(writes(calls, 'PUT')[0]).toMatchObject({
        path: `/teams/${U12_ID}/members/${TEST_PLAYER.id}`,
        body: { role: 'coach' },
      }),
    );
    expect(await screen.findByText(TEAM_MEMBER_SAVED)).toBeInTheDocument();

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Role of Sam Striker in Under 12s' }),
      'coach',
    );
    await waitFor(() =>
      expect(writes(calls, 'PUT')[1]).toMatchObject({
        path: `/teams/${U12_ID}/members/${SAM.id}`,
        body: { role: 'coach' },
      }),
    );

    await userEvent.click(
      screen.getByRole('button', { name: 'Remove Sam Striker from Under 12s' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove from Team' });
    expect(within(dialog).getByText(/They stay a member of the club/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText(TEAM_MEMBER_REMOVED)).toBeInTheDocument();
    expect(writes(calls, 'DELETE').map((c) => c.path)).toEqual([
      `/teams/${U12_ID}/members/${SAM.id}`,
    ]);
  });

  it('when a roster cannot be found, then the server text shows with Retry and Back to Teams', async () => {
    const unknown = '0b7d1f2e-9999-4c3d-8e9f-0a1b2c3d4e5f';
    open(
      TEST_ADMIN,
      { [`GET /teams/${unknown}/members`]: { status: 404, body: { error: 'Team not found' } } },
      `/teams?team=${unknown}`,
    );

    const text = await screen.findByText('Team not found');
    expect(
      within(text.closest<HTMLElement>('[role="alert"]')!).getByRole('button', { name: 'Retry' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Teams' })).toHaveAttribute('href', '/teams');
  });
});

describe('a coach', () => {
  it("when they open their team's roster, then they run its players but not its coaches, and no team admin actions show", async () => {
    const calls = open(RILEY, {
      [`PUT /teams/${U12_ID}/members/${TEST_PLAYER.id}`]: savedMember(TEST_PLAYER),
    });

    const u12 = await card('Under 12s');
    expect(within(u12).getByText('You: Coach')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Archive / })).not.toBeInTheDocument();
    // Not in the Under 14s: its roster is not theirs to open.
    expect(screen.queryByRole('link', { name: 'Roster of Under 14s' })).not.toBeInTheDocument();

    await userEvent.click(within(u12).getByRole('link', { name: 'Roster of Under 12s' }));
    await screen.findByRole('list', { name: 'Members of Under 12s' });
    expect(screen.queryByRole('combobox', { name: /^Role of / })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Remove Riley Coach from Under 12s' }),
    ).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Remove Sam Striker from Under 12s' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Role')).not.toBeInTheDocument();

    await chooseMember('Jor', 'Jordan Winger');
    await userEvent.click(screen.getByRole('button', { name: 'Add to Team' }));

    expect(await screen.findByText(TEAM_MEMBER_SAVED)).toBeInTheDocument();
    expect(writes(calls, 'PUT')[0]?.body).toEqual({ role: 'player' });
  });

  it('when the server refuses a roster change, then its text shows', async () => {
    open(
      RILEY,
      {
        [`PUT /teams/${U12_ID}/members/${TEST_PLAYER.id}`]: {
          status: 403,
          body: { success: false, error: TEAM_COACHES_BY_ADMIN },
        },
      },
      `/teams?team=${U12_ID}`,
    );

    await chooseMember('Jor', 'Jordan Winger');
    await userEvent.click(screen.getByRole('button', { name: 'Add to Team' }));

    expect(await screen.findByText(TEAM_COACHES_BY_ADMIN)).toBeInTheDocument();
  });

  it('when they invite from the roster, then the new player is invited into that team, without a club role to choose', async () => {
    const calls = open(
      RILEY,
      {
        'POST /email/send-invitation': {
          status: 201,
          body: {
            success: true,
            message: INVITATION_SENT,
            data: { ...SAM, id: '7f0c6b1e-6666-4a4a-9a9a-1234567890ab' },
          },
        },
      },
      `/teams?team=${U12_ID}`,
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Invite to Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    expect(within(dialog).queryByLabelText('Role')).not.toBeInTheDocument();
    // Several teams in the club: the team shows, chosen already, among the coach's own only.
    const team = within(dialog).getByLabelText(/^Team/);
    expect(team).toHaveValue(U12_ID);
    expect(within(team).queryByRole('option', { name: 'Under 14s' })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/First Name/), 'Ada');
    await userEvent.type(within(dialog).getByLabelText(/Last Name/), 'Keeper');
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'ada@club.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    expect(await within(dialog).findByText(INVITATION_SENT)).toBeInTheDocument();
    expect(writes(calls, 'POST')[0]?.body).toMatchObject({
      email: 'ada@club.test',
      role: 'player',
      teamId: U12_ID,
    });
  });
});

describe('a player', () => {
  it('when they open /teams, then the list is read-only and only their own roster opens', async () => {
    open(TEST_PLAYER);

    const u14 = await card('Under 14s');
    expect(within(u14).getByText('You: Player')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Roster of Under 12s' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Archive) / })).not.toBeInTheDocument();

    await userEvent.click(within(u14).getByRole('link', { name: 'Roster of Under 14s' }));

    const roster = await screen.findByRole('list', { name: 'Members of Under 14s' });
    expect(within(roster).getByText('Jordan Winger')).toBeInTheDocument();
    expect(within(roster).getByText('Player')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Club member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite to Team' })).not.toBeInTheDocument();
  });
});

it('when the club has one team, then /teams lists that one team', async () => {
  storeSession(TEST_PLAYER);
  fakeApi(clubRoutes(TEST_PLAYER, [U14_ID]));

  renderWithProviders(<TeamsWithInvitations />, { path: '/teams' });

  const list = await screen.findByRole('list', { name: 'Teams' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  expect(within(list).getByRole('heading', { name: 'Under 14s' })).toBeInTheDocument();
});

it('when the teams cannot load, then "Failed to load teams" shows with Retry', async () => {
  open(TEST_ADMIN, { 'GET /teams': { status: 500, body: { error: 'Server error.' } } });

  const text = await screen.findByText('Failed to load teams');
  const alert = text.closest<HTMLElement>('[role="alert"]');
  expect(within(alert!).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});
