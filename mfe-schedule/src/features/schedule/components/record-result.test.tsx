/**
 * @jest-environment jsdom
 *
 * Game results on /schedule: who gets Record Result and on which events, the dialog's
 * checks, what is sent, the server's refusal, Edit Result prefilled, and the result on the card
 * for every member.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClubEvent, GameResult, User } from '@teamapp/contracts';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
} from '@teamapp/ui/test/dom';
import { chooseFromMenu } from '../test/menu';
import { RecordResultDialog, SAVE_RESULT_FAILED, TOO_MANY_GOALS } from './record-result-dialog';
import { ev, OLDER, SOON } from './schedule-fixtures';
import { SchedulePage } from './schedule-page';

configure({ asyncUtilTimeout: 4000 });

const SAM: User = {
  ...TEST_PLAYER,
  id: '5a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  name: 'Sam Striker',
};
const PLAYED = ev('e-played', 'League Match', '2020-02-01T18:00:00.000Z', {
  type: 'game',
  attendees: [
    { user_id: TEST_ADMIN.id, status: 'pending', response_date: null },
    { user_id: TEST_PLAYER.id, status: 'attending', response_date: null },
    { user_id: SAM.id, status: 'attending', response_date: null },
  ],
});
const WON: GameResult = {
  ours: 3,
  theirs: 1,
  outcome: 'win',
  scorers: [
    { userId: SAM.id, goals: 2, assists: 0 },
    { userId: TEST_PLAYER.id, goals: 1, assists: 2 },
  ],
  recordedAt: '2020-02-01T20:00:00.000Z',
};
const UPCOMING_GAME = ev('e-next', 'Cup Final', '2099-05-01T19:00:00.000Z', { type: 'game' });

/** The schedule with these events, the directory, and the result route answered by `put`. */
function api(
  events: () => ClubEvent[],
  put?: (body: unknown) => { status: number; body: unknown },
) {
  return fakeApi({
    'GET /events': () => ({ body: { success: true, events: events(), timeZone: 'UTC' } }),
    'GET /calendar/feed': { body: { success: true, data: { url: 'http://x/abc.ics' } } },
    'GET /user/all': { body: { success: true, data: [TEST_ADMIN, TEST_PLAYER, SAM] } },
    ...(put ? { 'PUT /events/e-played/result': (call) => put(call.body) } : {}),
  });
}

beforeEach(() => localStorage.clear());

it('when an admin opens the menu of a played game, then Record Result is there, and not on upcoming games or training', async () => {
  storeSession(TEST_ADMIN);
  api(() => [PLAYED, UPCOMING_GAME, SOON, OLDER]);
  renderWithProviders(<SchedulePage />, { path: '/schedule' });
  await screen.findByRole('article', { name: 'League Match' });

  await chooseFromMenu('Actions for League Match', 'Record Result');
  expect(
    await screen.findByRole('dialog', { name: 'Record Result: League Match' }),
  ).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  // A menu that is closing stays in the page while it fades: wait until none is left, so the
  // items found below belong to the menu just opened.
  const noMenuOpen = () =>
    waitFor(() => expect(screen.queryAllByRole('menuitem', { hidden: true })).toHaveLength(0));
  for (const title of ['Cup Final', 'Older Meeting']) {
    await noMenuOpen();
    await userEvent.click(screen.getByRole('button', { name: `Actions for ${title}` }));
    await screen.findAllByRole('menuitem', { name: 'Edit', hidden: true });
    expect(
      screen.queryByRole('menuitem', { name: 'Record Result', hidden: true }),
    ).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
  }
});

it('when an admin records 3–1 with two scorers, then the body is sent and the card shows "W 3–1" and the scorers', async () => {
  storeSession(TEST_ADMIN);
  let events = [PLAYED];
  const calls = api(
    () => events,
    () => {
      events = [{ ...PLAYED, result: WON }];
      return {
        status: 200,
        body: { success: true, message: 'Result saved successfully', data: events[0] },
      };
    },
  );
  renderWithProviders(<SchedulePage />, { path: '/schedule' });
  await screen.findByRole('article', { name: 'League Match' });

  await chooseFromMenu('Actions for League Match', 'Record Result');
  const dialog = within(await screen.findByRole('dialog', { name: /Record Result/ }));
  await userEvent.type(dialog.getByLabelText(/Our score/), '3');
  await userEvent.type(dialog.getByLabelText(/Their score/), '1');
  expect(dialog.getByText(/No scorers added/)).toBeInTheDocument();
  await userEvent.click(dialog.getByRole('button', { name: 'Add Scorer' }));
  const first = within(dialog.getByRole('group', { name: 'Scorer 1' }));
  // Those who said Going are offered first; the admin, who did not answer, comes after.
  await waitFor(() =>
    expect(first.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a player',
      'Jordan Winger',
      'Sam Striker',
      'Casey Coach',
    ]),
  );
  await userEvent.selectOptions(first.getByLabelText(/Player/), SAM.id);
  await userEvent.clear(first.getByLabelText('Goals'));
  await userEvent.type(first.getByLabelText('Goals'), '2');
  await userEvent.click(dialog.getByRole('button', { name: 'Add Scorer' }));
  const second = within(dialog.getByRole('group', { name: 'Scorer 2' }));
  // A player already on a row is not offered again.
  expect(second.queryByRole('option', { name: 'Sam Striker' })).not.toBeInTheDocument();
  await userEvent.selectOptions(second.getByLabelText(/Player/), TEST_PLAYER.id);
  await userEvent.clear(second.getByLabelText('Goals'));
  await userEvent.type(second.getByLabelText('Goals'), '1');
  await userEvent.clear(second.getByLabelText('Assists'));
  await userEvent.type(second.getByLabelText('Assists'), '2');
  await userEvent.click(dialog.getByRole('button', { name: 'Save Result' }));

  expect(await screen.findByText('Result saved successfully')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
    ours: 3,
    theirs: 1,
    scorers: [
      { userId: SAM.id, goals: 2, assists: 0 },
      { userId: TEST_PLAYER.id, goals: 1, assists: 2 },
    ],
  });
  const card = within(screen.getByRole('article', { name: 'League Match' }));
  expect(await card.findByText('W 3–1')).toBeInTheDocument();
  expect(card.getByText('Won 3–1')).toBeInTheDocument();
  expect(await card.findByText('Goals: Sam Striker 2, Jordan Winger')).toBeInTheDocument();
  expect(card.getByText('Assists: Jordan Winger 2')).toBeInTheDocument();
});

it('when the form is incomplete or the goals exceed our score, then it says which field and sends nothing', async () => {
  storeSession(TEST_ADMIN);
  const calls = api(() => [PLAYED]);
  renderWithProviders(
    <RecordResultDialog event={PLAYED} onClose={() => undefined} onSaved={() => undefined} />,
  );
  const dialog = within(await screen.findByRole('dialog', { name: /Record Result/ }));

  await userEvent.click(dialog.getByRole('button', { name: 'Add Scorer' }));
  await userEvent.click(dialog.getByRole('button', { name: 'Save Result' }));
  expect(
    await dialog.findByText('Enter our score, a whole number from 0 to 99'),
  ).toBeInTheDocument();
  expect(dialog.getByText('Enter their score, a whole number from 0 to 99')).toBeInTheDocument();
  expect(dialog.getByText('Choose the player who scored or assisted')).toBeInTheDocument();
  expect(dialog.getByLabelText(/Our score/)).toHaveAttribute('aria-invalid', 'true');

  await userEvent.type(dialog.getByLabelText(/Our score/), '1');
  await userEvent.type(dialog.getByLabelText(/Their score/), '0');
  const row = within(dialog.getByRole('group', { name: 'Scorer 1' }));
  await waitFor(() => expect(row.getAllByRole('option').length).toBeGreaterThan(1));
  await userEvent.selectOptions(row.getByLabelText(/Player/), SAM.id);
  await userEvent.clear(row.getByLabelText('Goals'));
  await userEvent.type(row.getByLabelText('Goals'), '2');
  await userEvent.click(dialog.getByRole('button', { name: 'Save Result' }));
  expect(await dialog.findByText(TOO_MANY_GOALS)).toBeInTheDocument();

  // A row can be taken out again.
  await userEvent.click(dialog.getByRole('button', { name: 'Remove scorer 1' }));
  expect(dialog.queryByRole('group', { name: 'Scorer 1' })).not.toBeInTheDocument();
  expect(calls.some((c) => c.method === 'PUT')).toBe(false);
});

it("when the server refuses, then its message shows in the dialog, or the reference's fallback", async () => {
  storeSession(TEST_ADMIN);
  let reply = {
    status: 400,
    body: { success: false, error: 'A result can be recorded once the game has started' },
  };
  api(
    () => [PLAYED],
    () => reply,
  );
  renderWithProviders(
    <RecordResultDialog event={PLAYED} onClose={() => undefined} onSaved={() => undefined} />,
  );
  const dialog = within(await screen.findByRole('dialog', { name: /Record Result/ }));
  await userEvent.type(dialog.getByLabelText(/Our score/), '0');
  await userEvent.type(dialog.getByLabelText(/Their score/), '0');

  await userEvent.click(dialog.getByRole('button', { name: 'Save Result' }));
  expect(
    await dialog.findByText('A result can be recorded once the game has started'),
  ).toBeInTheDocument();

  reply = { status: 500, body: {} as typeof reply.body };
  await userEvent.click(dialog.getByRole('button', { name: 'Save Result' }));
  expect(await dialog.findByText(SAVE_RESULT_FAILED)).toBeInTheDocument();
});

it('when a game has a result, then the admin gets Edit Result with it filled in', async () => {
  storeSession(TEST_ADMIN);
  api(() => [{ ...PLAYED, result: WON }]);
  renderWithProviders(<SchedulePage />, { path: '/schedule' });
  await screen.findByRole('article', { name: 'League Match' });

  await chooseFromMenu('Actions for League Match', 'Edit Result');
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit Result: League Match' }));

  expect(dialog.getByLabelText(/Our score/)).toHaveValue('3');
  expect(dialog.getByLabelText(/Their score/)).toHaveValue('1');
  const first = within(dialog.getByRole('group', { name: 'Scorer 1' }));
  await waitFor(() => expect(first.getByLabelText(/Player/)).toHaveValue(SAM.id));
  expect(first.getByLabelText('Goals')).toHaveValue('2');
  expect(
    within(dialog.getByRole('group', { name: 'Scorer 2' })).getByLabelText('Assists'),
  ).toHaveValue('2');
});

it('when a player opens /schedule, then results show with scorers by name and there is no menu', async () => {
  storeSession(TEST_PLAYER);
  api(() => [{ ...PLAYED, result: { ...WON, ours: 1, theirs: 2, outcome: 'loss' } }]);
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const card = within(await screen.findByRole('article', { name: 'League Match' }));
  expect(card.getByText('L 1–2')).toBeInTheDocument();
  expect(await card.findByText('Goals: Sam Striker 2, Jordan Winger')).toBeInTheDocument();
  expect(card.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
});
