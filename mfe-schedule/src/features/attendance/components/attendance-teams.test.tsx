/**
 * @jest-environment jsdom
 *
 * /attendance in a club of several teams: the list and its report follow the header's team, and
 * a coach records who came to their team's events only.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AttendanceEvent } from '@teamapp/contracts';
import { fakeApi, renderWithProviders, storeSession, TEST_PLAYER } from '@teamapp/ui/test/dom';
import { chooseTeam, teamsRoute, U12_ID, U14_ID } from '../../shared/test/teams';
import { AttendancePage } from './attendance-page';

const SAM = 'a1b2c3d4-0000-4000-8000-000000000001';
const base: Omit<AttendanceEvent, 'id' | 'title' | 'teamId'> = {
  date: '2026-11-03T19:00:00.000Z',
  type: 'training',
  location: 'North Field',
  isRequired: false,
  attendanceRecorded: false,
  attendees: [{ userId: SAM, name: 'Sam Striker', status: 'attending', presence: null }],
};
const U12_TRAINING = {
  ...base,
  id: 'b1b2c3d4-0000-4000-8000-000000000021',
  title: 'Under 12s Training',
  teamId: U12_ID,
};
const U14_TRAINING = {
  ...base,
  id: 'b1b2c3d4-0000-4000-8000-000000000022',
  title: 'Under 14s Training',
  teamId: U14_ID,
};
const CLUB_MEETING = {
  ...base,
  id: 'b1b2c3d4-0000-4000-8000-000000000023',
  title: 'Club Meeting',
  teamId: null,
};

const answer = (data: AttendanceEvent[]) => ({
  body: { success: true, data, timeZone: 'America/Chicago' },
});

beforeEach(() => localStorage.clear());

it('when a coach opens /attendance, then they record who came to their own team events only', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({
    ...teamsRoute({ u12: 'coach', u14: 'player' }),
    'GET /attendance': answer([U12_TRAINING, U14_TRAINING, CLUB_MEETING]),
    'GET /user/all': { body: { success: true, data: [] } },
  });
  renderWithProviders(<AttendancePage />, { path: '/attendance' });

  expect(
    await screen.findByRole('button', { name: 'Record attendance for Under 12s Training' }),
  ).toBeInTheDocument();
  for (const title of ['Under 14s Training', 'Club Meeting']) {
    const card = within(screen.getByRole('article', { name: title }));
    expect(card.queryByRole('button')).not.toBeInTheDocument();
  }
  // Every team at once is an admin's report; a coach exports their chosen team's.
  expect(screen.queryByRole('button', { name: 'Export Report' })).not.toBeInTheDocument();
});

it("when a coach has their team chosen, then the list and its report are that team's", async () => {
  storeSession(TEST_PLAYER);
  chooseTeam(TEST_PLAYER.id, U12_ID);
  const calls = fakeApi({
    ...teamsRoute({ u12: 'coach', u14: 'player' }),
    'GET /attendance': answer([]),
    [`GET /attendance?teamId=${U12_ID}`]: answer([U12_TRAINING]),
    'GET /user/all': { body: { success: true, data: [] } },
    [`GET /attendance/export.csv?teamId=${U12_ID}`]: {
      body: 'csv',
      headers: { 'Content-Disposition': 'attachment; filename="attendance-u12.csv"' },
    },
  });
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:report'), revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  renderWithProviders(<AttendancePage />, { path: '/attendance' });

  expect(await screen.findByRole('article', { name: 'Under 12s Training' })).toBeInTheDocument();
  await userEvent.click(await screen.findByRole('button', { name: 'Export Report' }));

  expect(await screen.findByText('Downloaded attendance-u12.csv')).toBeInTheDocument();
  expect(calls.some((c) => c.path === `/attendance/export.csv?teamId=${U12_ID}`)).toBe(true);
  click.mockRestore();
});

it('when a coach has chosen a team they only play in, then the list is of the teams they coach and says so, with no report', async () => {
  storeSession(TEST_PLAYER);
  chooseTeam(TEST_PLAYER.id, U14_ID);
  const calls = fakeApi({
    ...teamsRoute({ u12: 'coach', u14: 'player' }),
    'GET /attendance': answer([U12_TRAINING]),
    'GET /user/all': { body: { success: true, data: [] } },
  });
  renderWithProviders(<AttendancePage />, { path: '/attendance' });

  expect(
    await screen.findByText(
      'You do not coach Under 14s: these are the events of the teams you coach (Under 12s).',
    ),
  ).toBeInTheDocument();
  expect(
    await screen.findByRole('button', { name: 'Record attendance for Under 12s Training' }),
  ).toBeInTheDocument();
  expect(calls.filter((c) => c.path.startsWith('/attendance')).map((c) => c.path)).toEqual([
    '/attendance',
  ]);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Export Report' })).not.toBeInTheDocument();
});

it('when a player who coaches no team opens /attendance with a team chosen, then the refusal shows as before', async () => {
  storeSession(TEST_PLAYER);
  chooseTeam(TEST_PLAYER.id, U14_ID);
  fakeApi({
    ...teamsRoute({ u12: 'player', u14: 'player' }),
    'GET /attendance': { status: 403, body: { success: false, error: 'Access denied' } },
    'GET /user/all': { body: { success: true, data: [] } },
  });
  renderWithProviders(<AttendancePage />, { path: '/attendance' });

  expect(await screen.findByText('Access denied', {}, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.queryByText(/You do not coach/)).not.toBeInTheDocument();
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Export Report' })).not.toBeInTheDocument();
});
