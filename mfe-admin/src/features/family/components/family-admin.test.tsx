/**
 * @jest-environment jsdom
 *
 * Families on the admin screens (docs/reference.md "Families"): a young player shows "No login"
 * instead of an email; "Add young player" from /users (a club admin) and from a roster (its
 * coach, the team fixed); a young player's card with the Guardians section (guardians with their
 * relation and invitation state, the warning when nobody can answer, inviting, removing after a
 * confirmation) and a club admin's "Give own login".
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CHILD_ADDED,
  GUARDIAN_INVITED,
  GUARDIAN_REMOVED,
  LOGIN_GIVEN,
  NO_GUARDIAN_WARNING,
  type Guardian,
} from '@teamapp/contracts';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  type ApiCall,
} from '@teamapp/ui/test/dom';
import TeamsWithInvitations from '../../../exposed/teams-page';
import { PAT, ROBIN } from '../family-test-kit';
import { clubRoutes, RILEY, U12_ID, U14_ID } from '../../teams/teams-test-kit';
import { UsersPage } from '../../users/components/users-page';

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => localStorage.clear());

const posted = (calls: ApiCall[], path: string) =>
  calls.find((c) => c.method === 'POST' && c.path === path)?.body;

/** /users for a club admin, with Robin in the directory and the given further routes. */
function usersPage(routes: Parameters<typeof fakeApi>[0] = {}) {
  storeSession(TEST_ADMIN);
  const club = clubRoutes(TEST_ADMIN);
  const calls = fakeApi({
    ...club,
    'GET /user/all': { body: { success: true, data: [TEST_ADMIN, ROBIN] } },
    ...routes,
  });
  renderWithProviders(<UsersPage />, { path: '/users' });
  return calls;
}

it('when a young player has no login, then /users shows "No login" instead of an email, and no mail link', async () => {
  usersPage();

  const row = (await screen.findByText('Robin Young')).closest('li')!;
  expect(within(row).getByText('No login')).toBeInTheDocument();
  expect(within(row).queryByRole('link', { name: 'Email Robin Young' })).not.toBeInTheDocument();
  expect(within(row).getByRole('button', { name: 'Guardians of Robin Young' })).toBeInTheDocument();
});

it('when a club admin adds a young player, then the form is checked, then the player is posted with their team', async () => {
  const calls = usersPage({
    'POST /user/children': {
      status: 201,
      body: { success: true, message: CHILD_ADDED, data: ROBIN },
    },
  });
  await screen.findByText('Robin Young');
  await waitFor(() => expect(calls.some((c) => c.path === '/teams')).toBe(true));

  await userEvent.click(screen.getByRole('button', { name: 'Add young player' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add young player' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add player' }));
  expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
  expect(within(dialog).getByText('Date of birth is required.')).toBeInTheDocument();
  expect(posted(calls, '/user/children')).toBeUndefined();

  await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Robin Young');
  await userEvent.type(within(dialog).getByLabelText(/^Date of birth/), '2015-03-03');
  await userEvent.type(within(dialog).getByLabelText(/^Position/), 'Winger');
  await userEvent.selectOptions(within(dialog).getByLabelText(/^Team/), 'Under 14s');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add player' }));

  expect(await within(dialog).findByText(CHILD_ADDED)).toBeInTheDocument();
  expect(posted(calls, '/user/children')).toEqual({
    name: 'Robin Young',
    dateOfBirth: '2015-03-03',
    position: 'Winger',
    teamId: U14_ID,
  });
});

it("when a club admin opens a young player's card, then the guardians show with relation and invitation state, and the date of birth", async () => {
  usersPage({
    [`GET /user/${ROBIN.id}/guardians`]: { body: { success: true, data: [PAT] } },
  });

  await userEvent.click(await screen.findByRole('button', { name: 'Guardians of Robin Young' }));
  const card = await screen.findByRole('dialog', { name: 'Robin Young' });
  expect(within(card).getByText('Date of birth: Mar 3, 2015')).toBeInTheDocument();
  const list = within(await within(card).findByRole('list', { name: 'Guardians of Robin Young' }));
  expect(list.getByText('Pat Young')).toBeInTheDocument();
  expect(list.getByText('(Mother)')).toBeInTheDocument();
  expect(list.getByText('Invitation pending')).toBeInTheDocument();
  expect(
    within(card).getByRole('form', { name: 'Give Robin Young their own login' }),
  ).toBeVisible();
});

it('when a young player has no guardian, then the card warns that nobody can answer for them', async () => {
  usersPage({
    [`GET /user/${ROBIN.id}/guardians`]: {
      body: { success: true, data: [], warning: NO_GUARDIAN_WARNING },
    },
  });

  await userEvent.click(await screen.findByRole('button', { name: 'Guardians of Robin Young' }));
  const card = await screen.findByRole('dialog', { name: 'Robin Young' });
  expect(await within(card).findByText(NO_GUARDIAN_WARNING)).toBeInTheDocument();
});

it('when a club admin invites a guardian, then the address, name and relation are posted and the answer announced', async () => {
  let guardians: Guardian[] = [];
  const calls = usersPage({
    [`GET /user/${ROBIN.id}/guardians`]: () => ({ body: { success: true, data: guardians } }),
    [`POST /user/${ROBIN.id}/guardians`]: () => {
      guardians = [PAT];
      return { status: 201, body: { success: true, message: GUARDIAN_INVITED, data: PAT } };
    },
  });

  await userEvent.click(await screen.findByRole('button', { name: 'Guardians of Robin Young' }));
  const card = await screen.findByRole('dialog', { name: 'Robin Young' });
  const form = within(
    await within(card).findByRole('form', { name: 'Invite a guardian for Robin Young' }),
  );
  await userEvent.type(form.getByLabelText(/^Email/), 'pat@family.test');
  await userEvent.type(form.getByLabelText(/^Name/), 'Pat Young');
  await userEvent.type(form.getByLabelText(/^Relation/), 'Mother');
  await userEvent.click(form.getByRole('button', { name: 'Invite guardian' }));

  expect(await form.findByText(GUARDIAN_INVITED)).toBeInTheDocument();
  expect(posted(calls, `/user/${ROBIN.id}/guardians`)).toEqual({
    email: 'pat@family.test',
    name: 'Pat Young',
    relation: 'Mother',
  });
  expect(await within(card).findByText('Pat Young')).toBeInTheDocument();
});

it('when a club admin removes a guardian, then only after the confirmation, and the warning comes back', async () => {
  let guardians: Guardian[] = [PAT];
  const calls = usersPage({
    [`GET /user/${ROBIN.id}/guardians`]: () => ({
      body: {
        success: true,
        data: guardians,
        ...(guardians.length ? {} : { warning: NO_GUARDIAN_WARNING }),
      },
    }),
    [`DELETE /user/${ROBIN.id}/guardians/${PAT.id}`]: () => {
      guardians = [];
      return { body: { success: true, message: GUARDIAN_REMOVED, warning: NO_GUARDIAN_WARNING } };
    },
  });

  await userEvent.click(await screen.findByRole('button', { name: 'Guardians of Robin Young' }));
  await userEvent.click(
    await screen.findByRole('button', { name: 'Remove Pat Young as a guardian' }),
  );
  const confirm = await screen.findByRole('dialog', { name: 'Remove guardian' });
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));

  const card = await screen.findByRole('dialog', { name: 'Robin Young' });
  expect(await within(card).findByText(GUARDIAN_REMOVED)).toBeInTheDocument();
  expect(await within(card).findByText(NO_GUARDIAN_WARNING)).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
});

it('when a club admin gives a young player their own login, then the address is posted', async () => {
  const calls = usersPage({
    [`GET /user/${ROBIN.id}/guardians`]: { body: { success: true, data: [PAT] } },
    [`POST /user/${ROBIN.id}/login`]: {
      body: {
        success: true,
        message: LOGIN_GIVEN,
        data: { ...ROBIN, email: 'robin@family.test', has_login: true },
      },
    },
  });

  await userEvent.click(await screen.findByRole('button', { name: 'Guardians of Robin Young' }));
  const form = within(
    await screen.findByRole('form', { name: 'Give Robin Young their own login' }),
  );
  await userEvent.type(form.getByLabelText(/Player's email/), 'robin@family.test');
  await userEvent.click(form.getByRole('button', { name: 'Give own login' }));

  expect(await form.findByText(LOGIN_GIVEN)).toBeInTheDocument();
  expect(posted(calls, `/user/${ROBIN.id}/login`)).toEqual({ email: 'robin@family.test' });
});

it("when a team's coach adds a young player from the roster, then the player joins that team, and the coach may open the card but not give a login", async () => {
  storeSession(RILEY);
  const club = clubRoutes(RILEY);
  const roster = club[`GET /teams/${U12_ID}/members`]!.body as {
    members: { userId: string; name: string; profilePicture: null; role: 'player' | 'coach' }[];
  };
  const calls = fakeApi({
    ...club,
    [`GET /teams/${U12_ID}/members`]: {
      body: {
        ...roster,
        members: [
          ...roster.members,
          { userId: ROBIN.id, name: ROBIN.name, profilePicture: null, role: 'player' },
        ],
      },
    },
    'GET /user/all': { body: { success: true, data: [RILEY, ROBIN] } },
    [`GET /user/${ROBIN.id}/guardians`]: { body: { success: true, data: [PAT] } },
    'POST /user/children': {
      status: 201,
      body: { success: true, message: CHILD_ADDED, data: ROBIN },
    },
  });
  renderWithProviders(<TeamsWithInvitations />, { path: `/teams?team=${U12_ID}` });

  const row = (await screen.findByText('Robin Young')).closest('li')!;
  expect(await within(row).findByText('No login')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Add young player' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add young player' });
  expect(within(dialog).queryByLabelText(/^Team/)).not.toBeInTheDocument();
  await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Sky Young');
  await userEvent.type(within(dialog).getByLabelText(/^Date of birth/), '2016-05-01');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add player' }));
  expect(await within(dialog).findByText(CHILD_ADDED)).toBeInTheDocument();
  expect(posted(calls, '/user/children')).toMatchObject({ name: 'Sky Young', teamId: U12_ID });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

  await userEvent.click(within(row).getByRole('button', { name: 'Guardians of Robin Young' }));
  const card = await screen.findByRole('dialog', { name: 'Robin Young' });
  expect(await within(card).findByText('Pat Young')).toBeInTheDocument();
  expect(within(card).queryByRole('form', { name: /own login/ })).not.toBeInTheDocument();
});
