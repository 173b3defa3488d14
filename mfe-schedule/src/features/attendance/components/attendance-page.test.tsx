/**
 * @jest-environment jsdom
 *
 * /attendance: the filter, the four cards, each event's counts and answers, recording who came
 * after an event and the CSV export of the filtered list.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AttendanceEvent } from '@teamapp/contracts';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
} from '@teamapp/ui/test/dom';
import { AttendancePage } from './attendance-page';

const SAM = 'a1b2c3d4-0000-4000-8000-000000000001';
const GONE = 'a1b2c3d4-0000-4000-8000-000000000002';
const PAST: AttendanceEvent = {
  id: 'b1b2c3d4-0000-4000-8000-000000000010',
  title: 'Tuesday Training',
  date: '2026-11-03T19:00:00.000Z',
  type: 'training',
  location: 'North Field',
  isRequired: false,
  attendanceRecorded: false,
  attendees: [
    { userId: SAM, name: 'Sam Striker', status: 'attending', presence: null },
    { userId: GONE, name: null, status: 'maybe', presence: null },
    {
      userId: TEST_PLAYER.id,
      name: TEST_PLAYER.name,
      status: 'not-attending',
      reason: 'Unavailable: Work trip',
      presence: null,
    },
  ],
};
const FUTURE: AttendanceEvent = {
  ...PAST,
  id: 'b1b2c3d4-0000-4000-8000-000000000011',
  title: 'Cup Final',
  type: 'game',
  date: '2099-05-01T14:00:00.000Z',
  attendees: [{ userId: SAM, name: 'Sam Striker', status: 'pending', presence: null }],
};

const api = (extra = {}) =>
  fakeApi({
    'GET /attendance': {
      body: { success: true, data: [PAST, FUTURE], timeZone: 'America/Chicago' },
    },
    'GET /user/all': {
      body: {
        success: true,
        data: [TEST_ADMIN, TEST_PLAYER, { ...TEST_PLAYER, id: SAM, name: 'Sam Striker' }],
      },
    },
    ...extra,
  });

const card = (label: string) => screen.getByRole('group', { name: label });

beforeEach(() => localStorage.clear());

it('when an admin opens /attendance, then the cards, counts and answers show, filterable by type', async () => {
  storeSession(TEST_ADMIN);
  api();
  renderWithProviders(<AttendancePage />, { path: '/attendance' });

  const training = await screen.findByRole('article', { name: 'Tuesday Training' });
  expect(card('Total Events')).toHaveTextContent('2');
  expect(card('Total Attendance')).toHaveTextContent('1');
  expect(card('Average Rate')).toHaveTextContent('25%');
  await waitFor(() => expect(card('Active Players')).toHaveTextContent('2'));

  const t = within(training);
  expect(t.getByText('Invited: 3')).toBeInTheDocument();
  expect(t.getByText('Attending: 1')).toBeInTheDocument();
  expect(t.getByText('Absent: 1')).toBeInTheDocument();
  expect(t.getByText('Uncertain: 1')).toBeInTheDocument();
  expect(t.getByText('Unknown Player')).toBeInTheDocument();
  expect(t.getByText('Not Attending (Unavailable: Work trip)')).toBeInTheDocument();
  expect(t.getByText(/Completed: 1 attended/)).toBeInTheDocument();
  // 19:00 UTC is 1:00 PM in the club's zone, whatever the browser's.
  expect(t.getByText(/Tue, Nov 3, 2026, 1:00 PM/)).toBeInTheDocument();
  // A table wider than a phone scrolls inside a named region the keyboard reaches.
  const answers = t.getByRole('region', { name: 'Responses for Tuesday Training' });
  expect(answers).toHaveAttribute('tabindex', '0');
  expect(answers).toContainElement(
    t.getByRole('table', { name: 'Responses for Tuesday Training' }),
  );
  expect(
    within(screen.getByRole('article', { name: 'Cup Final' })).queryByRole('button'),
  ).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Games' }));
  expect(screen.getByRole('button', { name: 'Games' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.queryByRole('article', { name: 'Tuesday Training' })).not.toBeInTheDocument();
  expect(card('Total Events')).toHaveTextContent('1');
  expect(card('Average Rate')).toHaveTextContent('0%');
});

it('when an admin records who came, then each presence is sent', async () => {
  storeSession(TEST_ADMIN);
  const calls = api({
    [`PUT /attendance/${PAST.id}`]: {
      body: {
        success: true,
        message: 'Attendance saved successfully',
        data: { ...PAST, attendanceRecorded: true },
      },
    },
  });
  renderWithProviders(<AttendancePage />, { path: '/attendance' });

  await userEvent.click(
    await screen.findByRole('button', { name: 'Record attendance for Tuesday Training' }),
  );
  const dialog = await screen.findByRole('dialog', {
    name: 'Record attendance: Tuesday Training',
  });
  await userEvent.selectOptions(within(dialog).getByLabelText('Sam Striker'), 'late');
  await userEvent.selectOptions(within(dialog).getByLabelText('Unknown Player'), 'excused');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save Attendance' }));

  expect(await screen.findByText('Attendance saved successfully')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
    records: [
      { userId: SAM, presence: 'late' },
      { userId: GONE, presence: 'excused' },
      { userId: TEST_PLAYER.id, presence: 'absent' },
    ],
  });
});

it('when an admin exports the filtered list, then the CSV of that type is downloaded', async () => {
  storeSession(TEST_ADMIN);
  const calls = api({
    'GET /attendance/export.csv?type=game': {
      body: 'csv',
      headers: { 'Content-Disposition': 'attachment; filename="attendance-game-2026-11-23.csv"' },
    },
  });
  const createObjectURL = jest.fn(() => 'blob:report');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  // jsdom cannot follow a download link; the click itself is the browser's part.
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  renderWithProviders(<AttendancePage />, { path: '/attendance' });

  await screen.findByRole('article', { name: 'Tuesday Training' });
  await userEvent.click(screen.getByRole('button', { name: 'Games' }));
  await userEvent.click(screen.getByRole('button', { name: 'Export Report' }));

  expect(await screen.findByText('Downloaded attendance-game-2026-11-23.csv')).toBeInTheDocument();
  const exportCall = calls.find((c) => c.path.startsWith('/attendance/export.csv'));
  expect(exportCall?.headers.Authorization).toBe('Bearer test-token');
  expect(createObjectURL).toHaveBeenCalledTimes(1);
  expect(click).toHaveBeenCalledTimes(1);
  click.mockRestore();
});

it("when a player opens /attendance, then the server's refusal shows and there is no export", async () => {
  storeSession(TEST_PLAYER);
  fakeApi({
    'GET /attendance': { status: 403, body: { success: false, error: 'Access denied' } },
    'GET /user/all': { body: { success: true, data: [] } },
  });
  renderWithProviders(<AttendancePage />, { path: '/attendance' });

  expect(await screen.findByText('Access denied', {}, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Export Report' })).not.toBeInTheDocument();
});

it('when a guardian answered for a child, then the answer names who gave it, as the schedule does', async () => {
  storeSession(TEST_ADMIN);
  const ROBIN = 'a1b2c3d4-0000-4000-8000-000000000003';
  const answered: AttendanceEvent = {
    ...PAST,
    attendees: [
      {
        userId: ROBIN,
        name: 'Robin Young',
        status: 'attending',
        presence: null,
        answeredBy: { userId: TEST_PLAYER.id, name: 'Pat Young', relation: 'Mother' },
      },
      { userId: SAM, name: 'Sam Striker', status: 'maybe', presence: null },
    ],
  };
  api({
    'GET /attendance': {
      body: { success: true, data: [answered], timeZone: 'America/Chicago' },
    },
  });
  renderWithProviders(<AttendancePage />, { path: '/attendance' });

  const table = await screen.findByRole('table', { name: 'Responses for Tuesday Training' });
  const robin = within(table).getByRole('row', { name: /Robin Young/ });
  expect(within(robin).getAllByRole('cell')[1]).toHaveTextContent(
    'Attending, answered by Pat Young (Mother)',
  );
  const sam = within(table).getByRole('row', { name: /Sam Striker/ });
  expect(within(sam).getAllByRole('cell')[1]).toHaveTextContent(/^Maybe$/);
});
