/**
 * @jest-environment jsdom
 *
 * The invitation's team (docs/reference.md "Teams"): with several teams a club admin may name
 * the team the new member joins, or leave it empty, a coach must choose one of theirs; with one
 * team the dialog is as before.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVITATION_SENT } from '@teamapp/contracts';
import { fakeApi, renderWithProviders, storeSession, TEST_ADMIN } from '@teamapp/ui/test/dom';
import { clubRoutes, RILEY, SAM, teamsFor, U12_ID, U14_ID } from '../../teams/teams-test-kit';
import { CHOOSE_TEAM, InviteUserDialog } from './invite-user-dialog';
import { UsersPage } from './users-page';

beforeEach(() => localStorage.clear());

async function invite(teams: readonly string[], team?: string) {
  storeSession(TEST_ADMIN);
  const calls = fakeApi({
    ...clubRoutes(TEST_ADMIN, teams),
    'POST /email/send-invitation': {
      status: 201,
      body: { success: true, message: INVITATION_SENT, data: SAM },
    },
  });
  renderWithProviders(<UsersPage />, { path: '/users' });
  await screen.findByText('Sam Striker');
  // The dialog reads the teams the header's choice has loaded.
  await waitFor(() => expect(calls.some((c) => c.path === '/teams')).toBe(true));

  await userEvent.click(screen.getByRole('button', { name: 'Invite User' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
  await userEvent.type(within(dialog).getByLabelText(/First Name/), 'Ada');
  await userEvent.type(within(dialog).getByLabelText(/Last Name/), 'Keeper');
  await userEvent.type(within(dialog).getByLabelText(/Email/), 'ada@club.test');
  if (team) {
    await waitFor(() => expect(within(dialog).getByLabelText(/^Team/)).toBeInTheDocument());
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Team/), team);
  }
  return { calls, dialog };
}

const sent = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.find((c) => c.method === 'POST' && c.path === '/email/send-invitation')?.body;

it('when the club has several teams, then a club admin may pick the team the new member joins', async () => {
  const { calls, dialog } = await invite([U12_ID, U14_ID], 'Under 14s');

  expect(within(dialog).getByRole('option', { name: 'No team' })).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

  expect(await within(dialog).findByText(INVITATION_SENT)).toBeInTheDocument();
  expect(sent(calls)).toMatchObject({ email: 'ada@club.test', teamId: U14_ID });
});

it('when a club admin leaves the team empty, then the invitation names none', async () => {
  const { calls, dialog } = await invite([U12_ID, U14_ID]);

  expect(within(dialog).getByLabelText(/^Team/)).toHaveValue('');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

  expect(await within(dialog).findByText(INVITATION_SENT)).toBeInTheDocument();
  expect(sent(calls)).not.toHaveProperty('teamId');
});

it('when the club has one team, then the dialog has no team picker and sends no team', async () => {
  const { calls, dialog } = await invite([U12_ID]);

  expect(within(dialog).queryByLabelText(/^Team/)).not.toBeInTheDocument();
  expect(within(dialog).getByLabelText('Role')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

  expect(await within(dialog).findByText(INVITATION_SENT)).toBeInTheDocument();
  expect(sent(calls)).not.toHaveProperty('teamId');
});

it('when a coach of two teams sends without choosing one, then the team is asked for and nothing is sent', async () => {
  storeSession(RILEY);
  const both = teamsFor(RILEY).map((t) => ({ ...t, myRole: 'coach' as const }));
  const calls = fakeApi({ ...clubRoutes(RILEY), 'GET /teams': { body: { teams: both } } });
  renderWithProviders(<InviteUserDialog opened onClose={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
  const team = await within(dialog).findByLabelText(/^Team/);
  await userEvent.type(within(dialog).getByLabelText(/First Name/), 'Ada');
  await userEvent.type(within(dialog).getByLabelText(/Last Name/), 'Keeper');
  await userEvent.type(within(dialog).getByLabelText(/Email/), 'ada@club.test');

  await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

  expect(await within(dialog).findByText(CHOOSE_TEAM)).toBeInTheDocument();
  expect(team).toHaveFocus();
  expect(sent(calls)).toBeUndefined();
});
