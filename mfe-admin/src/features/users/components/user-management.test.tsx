/**
 * @jest-environment jsdom
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EMAIL_TAKEN,
  INVITATION_ALREADY_ACCEPTED,
  INVITATION_RESENT,
  INVITATION_SENT,
  LAST_ADMIN,
  STORAGE_KEYS,
  SUCCESS_AUTO_HIDE_MS,
  TEMP_PASSWORD_ALPHABET,
  type User,
} from '@teamapp/contracts';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
  type ApiCall,
} from '@teamapp/ui/test/dom';
import { UsersPage } from './users-page';

const NIA: User = {
  ...TEST_PLAYER,
  id: '7f0c6b1e-3333-4a4a-9a9a-1234567890ab',
  name: 'Nia Player',
  email: 'nia@club.test',
  created_at: '2026-04-10T09:00:00.000Z',
  invitation_status: 'pending',
  invitation_expires_at: '2026-04-17T09:00:00.000Z',
};
const ALL: User[] = [
  { ...TEST_ADMIN, invitation_status: null },
  { ...TEST_PLAYER, invitation_status: 'accepted' },
  NIA,
];

const listed = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/user/all').length;

beforeEach(() => localStorage.clear());

async function openAsAdmin(routes: Parameters<typeof fakeApi>[0] = {}) {
  storeSession(TEST_ADMIN);
  const calls = fakeApi({ 'GET /user/all': { body: { success: true, data: ALL } }, ...routes });
  renderWithProviders(<UsersPage />, { path: '/users' });
  await screen.findByText('Nia Player');
  return calls;
}

async function fillInvite() {
  const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
  await userEvent.type(within(dialog).getByLabelText(/First Name/), 'Sam');
  await userEvent.type(within(dialog).getByLabelText(/Last Name/), 'Striker');
  await userEvent.type(within(dialog).getByLabelText(/Email/), ' Sam.Striker@Club.TEST ');
  await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'admin');
  return dialog;
}

it('when an admin lists users, then a pending invitation is flagged and no password shows', async () => {
  await openAsAdmin();

  const nia = screen.getByText('Nia Player').closest('li')!;
  expect(within(nia).getByText('Invitation pending')).toBeInTheDocument();
  expect(within(nia).getByText('Joined Apr 10, 2026')).toBeInTheDocument();
  expect(within(nia).getByText('Team Member')).toBeInTheDocument();
  const jordan = screen.getByText('Jordan Winger').closest('li')!;
  expect(within(jordan).queryByText(/Invitation/)).not.toBeInTheDocument();
  expect(within(jordan).queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
  expect(screen.queryByText(/password/i)).not.toBeInTheDocument();
});

it('when an admin invites someone, then the payload is sent, the success text shows and the dialog closes itself after 3 s', async () => {
  const calls = await openAsAdmin({
    'POST /email/send-invitation': {
      status: 201,
      body: { success: true, message: INVITATION_SENT, data: { ...NIA, id: 'new' } },
    },
  });

  await userEvent.click(screen.getByRole('button', { name: 'Invite User' }));
  const dialog = await fillInvite();
  // From here the clock is the test's: the dialog's 3 s is counted on it, not on the machine's.
  jest.useFakeTimers();
  try {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    expect(await within(dialog).findByText(INVITATION_SENT)).toBeInTheDocument();
    const shownAt = Date.now();
    const sent = calls.find((c) => c.path === '/email/send-invitation')!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toMatchObject({
      email: 'sam.striker@club.test',
      firstName: 'Sam',
      lastName: 'Striker',
      role: 'admin',
      teamName: 'TeamApp',
    });
    const { tempPassword } = sent.body as { tempPassword: string };
    expect(tempPassword).toHaveLength(8);
    expect([...tempPassword].every((c) => TEMP_PASSWORD_ALPHABET.includes(c))).toBe(true);
    await waitFor(() => expect(listed(calls)).toBe(2));

    // Still showing its success a moment before the 3 s are up; closed, its fade-out over, soon after.
    // (In steps, so React renders between the timers the close and the fade-out set one another.)
    const advanceTo = (ms: number) => {
      while (Date.now() - shownAt < ms) act(() => jest.advanceTimersByTime(50));
    };
    advanceTo(SUCCESS_AUTO_HIDE_MS - 150);
    expect(within(dialog).getByText(INVITATION_SENT)).toBeInTheDocument();
    advanceTo(SUCCESS_AUTO_HIDE_MS + 400);
    expect(screen.queryByRole('dialog', { name: 'Invite User' })).not.toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
  await userEvent.click(screen.getByRole('button', { name: 'Invite User' }));
  const again = await screen.findByRole('dialog', { name: 'Invite User' });
  expect(within(again).getByLabelText(/First Name/)).toHaveValue('');
  expect(within(again).getByLabelText(/Email/)).toHaveValue('');
});

it('when the invite form is incomplete, then each missing field is named and nothing is sent', async () => {
  const calls = await openAsAdmin();

  await userEvent.click(screen.getByRole('button', { name: 'Invite User' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
  await userEvent.type(within(dialog).getByLabelText(/Email/), 'not-an-email');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

  expect(within(dialog).getByText('First name is required.')).toBeInTheDocument();
  expect(within(dialog).getByText('Last name is required.')).toBeInTheDocument();
  expect(within(dialog).getByText('Enter a valid email address.')).toBeInTheDocument();
  expect(within(dialog).getByLabelText(/First Name/)).toHaveFocus();
  expect(calls.some((c) => c.path === '/email/send-invitation')).toBe(false);
});

it("when the email is taken, then the server's 409 text shows in the dialog", async () => {
  await openAsAdmin({
    'POST /email/send-invitation': { status: 409, body: { success: false, error: EMAIL_TAKEN } },
  });

  await userEvent.click(screen.getByRole('button', { name: 'Invite User' }));
  const dialog = await fillInvite();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

  expect(await within(dialog).findByText(EMAIL_TAKEN)).toBeInTheDocument();
  expect(within(dialog).getByLabelText(/First Name/)).toHaveValue('Sam');
});

it('when an admin edits a user, then name, lower-cased email and role are sent with PUT', async () => {
  const calls = await openAsAdmin({
    [`PUT /user/profile/${NIA.id}`]: { body: { success: true, data: NIA } },
  });

  await userEvent.click(screen.getByRole('button', { name: 'Edit Nia Player' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Nia Player' });
  const name = within(dialog).getByLabelText(/Name/);
  expect(name).toHaveValue('Nia Player');
  await userEvent.clear(name);
  await userEvent.type(name, 'Nia Keeper');
  const email = within(dialog).getByLabelText(/Email/);
  await userEvent.clear(email);
  await userEvent.type(email, 'Nia.Keeper@Club.test');
  await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'admin');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Edit Nia Player' })).not.toBeInTheDocument(),
  );
  const put = calls.find((c) => c.method === 'PUT')!;
  expect(put.path).toBe(`/user/profile/${NIA.id}`);
  expect(put.body).toEqual({ name: 'Nia Keeper', email: 'nia.keeper@club.test', role: 'admin' });
  await waitFor(() => expect(listed(calls)).toBe(2));
});

it('when an admin edits a name and leaves the role, then only name and email go with the one PUT', async () => {
  const calls = await openAsAdmin({
    [`PUT /user/profile/${NIA.id}`]: {
      body: { success: true, data: { ...NIA, name: 'Nia Keeper' } },
    },
  });

  await userEvent.click(screen.getByRole('button', { name: 'Edit Nia Player' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Nia Player' });
  const name = within(dialog).getByLabelText(/Name/);
  await userEvent.clear(name);
  await userEvent.type(name, 'Nia Keeper');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

  expect(await screen.findByText("Nia Keeper's details were saved.")).toBeInTheDocument();
  const writes = calls.filter((c) => c.method !== 'GET');
  expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual([`PUT /user/profile/${NIA.id}`]);
  expect(writes[0]!.body).toEqual({ name: 'Nia Keeper', email: 'nia@club.test' });
});

it('when an admin renames themselves, then the signed-in user carries the new name', async () => {
  await openAsAdmin({
    [`PUT /user/profile/${TEST_ADMIN.id}`]: {
      body: { success: true, data: { ...TEST_ADMIN, name: 'Casey Manager' } },
    },
  });

  await userEvent.click(screen.getByRole('button', { name: 'Edit Casey Coach' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Casey Coach' });
  expect(within(dialog).getByLabelText('Role')).toBeDisabled();
  const name = within(dialog).getByLabelText(/Name/);
  await userEvent.clear(name);
  await userEvent.type(name, 'Casey Manager');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

  expect(await screen.findByText("Casey Manager's details were saved.")).toBeInTheDocument();
  const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.currentUser)!) as User;
  expect(stored.name).toBe('Casey Manager');
});

it("when the edit is refused, then the server's error shows in the dialog; a blank name is not sent", async () => {
  const other = { ...TEST_ADMIN, id: '7f0c6b1e-4444-4a4a-9a9a-1234567890ab', name: 'Alex Admin' };
  storeSession(TEST_ADMIN);
  const calls = fakeApi({
    'GET /user/all': { body: { success: true, data: [...ALL, other] } },
    [`PUT /user/profile/${other.id}`]: { status: 400, body: { success: false, error: LAST_ADMIN } },
  });
  renderWithProviders(<UsersPage />, { path: '/users' });

  await userEvent.click(await screen.findByRole('button', { name: 'Edit Alex Admin' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Alex Admin' });
  await userEvent.clear(within(dialog).getByLabelText(/Name/));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(within(dialog).getByText('Name is required.')).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'PUT')).toBe(false);

  await userEvent.type(within(dialog).getByLabelText(/Name/), 'Alex Admin');
  await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'player');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

  expect(await within(dialog).findByText(LAST_ADMIN)).toBeInTheDocument();
});

it('when an admin deletes a user, then the documented confirmation is asked first and DELETE follows "Delete User"', async () => {
  const calls = await openAsAdmin({
    [`DELETE /user/${NIA.id}`]: { body: { success: true } },
  });

  await userEvent.click(screen.getByRole('button', { name: 'Delete Nia Player' }));
  let dialog = await screen.findByRole('dialog', { name: 'Delete Nia Player' });
  expect(
    within(dialog).getByText(
      'Are you sure you want to remove this user? This action cannot be undone.',
    ),
  ).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

  await userEvent.click(screen.getByRole('button', { name: 'Delete Nia Player' }));
  dialog = await screen.findByRole('dialog', { name: 'Delete Nia Player' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
    `/user/${NIA.id}`,
  ]);
  expect(await screen.findByText('Nia Player was removed.')).toBeInTheDocument();
  await waitFor(() => expect(listed(calls)).toBe(2));
});

it("when a delete is refused, then the server's error shows in the dialog and the user stays", async () => {
  const calls = await openAsAdmin({
    [`DELETE /user/${NIA.id}`]: { status: 400, body: { success: false, error: LAST_ADMIN } },
  });

  await userEvent.click(screen.getByRole('button', { name: 'Delete Nia Player' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Nia Player' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));

  expect(await within(dialog).findByText(LAST_ADMIN)).toBeInTheDocument();
  expect(screen.getByText('Nia Player')).toBeInTheDocument();
  expect(listed(calls)).toBe(1);
});

it('when an admin looks at their own row, then it has no Delete button', async () => {
  await openAsAdmin();

  expect(screen.getByRole('button', { name: 'Edit Casey Coach' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete Casey Coach' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Delete Jordan Winger' })).toBeInTheDocument();
});

it('when an admin resends a pending invitation, then the call is made and the success shows', async () => {
  const calls = await openAsAdmin({
    [`POST /user/${NIA.id}/resend-invitation`]: {
      body: { success: true, message: INVITATION_RESENT, data: NIA },
    },
  });

  await userEvent.click(screen.getByRole('button', { name: 'Resend Invitation to Nia Player' }));

  expect(await screen.findByText(INVITATION_RESENT)).toBeInTheDocument();
  expect(
    calls.some((c) => c.method === 'POST' && c.path === `/user/${NIA.id}/resend-invitation`),
  ).toBe(true);
  await waitFor(() => expect(listed(calls)).toBe(2));
});

it("when a resend is refused, then the server's error shows", async () => {
  await openAsAdmin({
    [`POST /user/${NIA.id}/resend-invitation`]: {
      status: 400,
      body: { success: false, error: INVITATION_ALREADY_ACCEPTED },
    },
  });

  await userEvent.click(screen.getByRole('button', { name: 'Resend Invitation to Nia Player' }));

  expect(await screen.findByText(INVITATION_ALREADY_ACCEPTED)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Resend Invitation to Nia Player' })).toBeEnabled();
});

it('when anyone looks at a user, then Email opens a mail to them with a greeting', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({ 'GET /user/all': { body: { success: true, data: ALL } } });
  renderWithProviders(<UsersPage />, { path: '/users' });

  const link = await screen.findByRole('link', { name: 'Email Nia Player' });

  const href = link.getAttribute('href')!;
  expect(href.startsWith('mailto:nia@club.test?')).toBe(true);
  const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
  expect(params.get('body')).toBe('Hi Nia,\n\n');
  expect(params.get('subject')).toBe('Message from TeamApp');
});
