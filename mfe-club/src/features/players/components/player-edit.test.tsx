/**
 * @jest-environment jsdom
 *
 * Season Stats, Coach Notes and the player form (reference §2 Players, §5 Player form, §6): what each
 * role sees, who may edit which card and which fields, and that only changed fields are sent.
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
import { PlayersPage, REMOVE_ON_USERS_PAGE } from './players-page';

const SAM: User = {
  ...TEST_PLAYER,
  id: '5a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  name: 'Sam Striker',
  email: 'sam@club.test',
  position: 'Forward',
  nickname: 'Sniper',
  coach_notes: 'Work on the weak foot.',
};
const events = {
  'GET /events/stats': {
    body: {
      success: true,
      data: {
        members: [
          { userId: SAM.id, games: 1, goals: 0, assists: 0 },
          { userId: TEST_PLAYER.id, games: 0, goals: 0, assists: 0 },
        ],
        team: { played: 1, wins: 1, draws: 0, losses: 0, goalsFor: 1, goalsAgainst: 0 },
      },
    },
  },
};

beforeEach(() => localStorage.clear());

it('when an admin opens /players, then Season Stats and Coach Notes show on each card', async () => {
  storeSession(TEST_ADMIN);
  fakeApi({ 'GET /user/all': { body: { success: true, data: [TEST_ADMIN, SAM] } }, ...events });
  renderWithProviders(<PlayersPage />, { path: '/players' });

  const sam = within(await screen.findByRole('article', { name: 'Sam Striker' }));
  expect(sam.getByRole('heading', { name: 'Season Stats' })).toBeInTheDocument();
  expect(sam.getByText('Work on the weak foot.')).toBeInTheDocument();
  await waitFor(() => expect(sam.getByText('Games').nextSibling).toHaveTextContent('1'));
});

it('when a player opens /players, then no stats, no coach notes and Edit only on their own card', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({
    'GET /user/all': {
      body: { success: true, data: [TEST_PLAYER, { ...SAM, coach_notes: undefined }] },
    },
    ...events,
  });
  renderWithProviders(<PlayersPage />, { path: '/players' });

  await screen.findByRole('article', { name: 'Sam Striker' });
  expect(screen.queryByText('Season Stats')).not.toBeInTheDocument();
  expect(screen.queryByText('Coach Notes')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit Sam Striker' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Edit Jordan Winger' })).toBeInTheDocument();
});

it('when a player edits their own card, then name and email are read-only and only changes are sent', async () => {
  storeSession(TEST_PLAYER);
  const calls = fakeApi({
    'GET /user/all': { body: { success: true, data: [TEST_PLAYER] } },
    ...events,
    'PUT /user/profile': { body: { success: true, data: { ...TEST_PLAYER, nickname: 'Wings' } } },
  });
  renderWithProviders(<PlayersPage />, { path: '/players' });

  // Nothing changed: nothing is sent.
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Jordan Winger' }));
  let dialog = await screen.findByRole('dialog', { name: 'Edit Jordan Winger' });
  expect(within(dialog).getByLabelText('Name')).toHaveAttribute('readonly');
  expect(within(dialog).getByText('Contact an admin to change your name')).toBeInTheDocument();
  expect(within(dialog).getByText('Contact an admin to change your email')).toBeInTheDocument();
  expect(within(dialog).queryByLabelText('Coach Notes')).not.toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.some((c) => c.method === 'PUT')).toBe(false);

  await userEvent.click(screen.getByRole('button', { name: 'Edit Jordan Winger' }));
  dialog = await screen.findByRole('dialog', { name: 'Edit Jordan Winger' });
  await userEvent.type(within(dialog).getByLabelText('Nickname'), 'Wings');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

  await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
  const put = calls.find((c) => c.method === 'PUT');
  expect(put?.path).toBe('/user/profile');
  expect(put?.body).toEqual({ nickname: 'Wings' });
  // The signed-in user is updated too, so the header never shows stale details.
  await waitFor(() =>
    expect(JSON.parse(localStorage.getItem('currentUser') ?? '{}')).toMatchObject({
      nickname: 'Wings',
    }),
  );
});

it("when an admin edits a card, then PUT /user/profile/{id} carries the changed fields and a refusal shows the server's text", async () => {
  storeSession(TEST_ADMIN);
  let reply: { status: number; body: unknown } = {
    status: 400,
    body: { success: false, error: 'email must be a valid email address' },
  };
  const calls = fakeApi({
    'GET /user/all': { body: { success: true, data: [TEST_ADMIN, SAM] } },
    ...events,
    [`PUT /user/profile/${SAM.id}`]: () => reply,
  });
  renderWithProviders(<PlayersPage />, { path: '/players' });

  await userEvent.click(await screen.findByRole('button', { name: 'Edit Sam Striker' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Sam Striker' });
  const notes = within(dialog).getByLabelText('Coach Notes');
  await userEvent.clear(notes);
  await userEvent.type(notes, 'Captain material.');
  await userEvent.clear(within(dialog).getByLabelText('Position'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

  expect(
    await within(dialog).findByText('email must be a valid email address'),
  ).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
    coach_notes: 'Captain material.',
    position: null,
  });

  reply = { status: 200, body: { success: true, data: SAM } };
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText("Sam Striker's profile was updated.")).toBeInTheDocument();
});

it('when an admin presses Remove Player, then only the alert pointing to the Users page shows', async () => {
  storeSession(TEST_ADMIN);
  const calls = fakeApi({
    'GET /user/all': { body: { success: true, data: [TEST_ADMIN, SAM] } },
    ...events,
  });
  renderWithProviders(<PlayersPage />, { path: '/players' });

  await userEvent.click(await screen.findByRole('button', { name: 'Remove Player Sam Striker' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove Player' });
  expect(within(dialog).getByText(REMOVE_ON_USERS_PAGE)).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
});

it('when an admin edits a young player without a login, then there is no Email field and the change saves without one', async () => {
  storeSession(TEST_ADMIN);
  const robin: User = { ...SAM, id: 'robin', name: 'Robin Young', email: '', has_login: false };
  const calls = fakeApi({
    'GET /user/all': { body: { success: true, data: [TEST_ADMIN, robin] } },
    ...events,
    [`PUT /user/profile/${robin.id}`]: { body: { success: true, data: robin } },
  });
  renderWithProviders(<PlayersPage />, { path: '/players' });

  await userEvent.click(await screen.findByRole('button', { name: 'Edit Robin Young' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Robin Young' });
  expect(within(dialog).queryByLabelText(/Email/)).not.toBeInTheDocument();
  await userEvent.clear(within(dialog).getByLabelText('Position'));
  await userEvent.type(within(dialog).getByLabelText('Position'), 'Winger');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

  expect(await screen.findByText("Robin Young's profile was updated.")).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ position: 'Winger' });
});
