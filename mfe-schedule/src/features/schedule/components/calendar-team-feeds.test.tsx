/**
 * @jest-environment jsdom
 *
 * The team calendars under "Your calendar" on /schedule, in a club of several teams: each of the
 * member's teams' addresses (or the header's chosen team's) with Copy, and Regenerate after a
 * question for its coaches and club admins; nothing of it with one team in the club.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, storeSession, TEST_ADMIN, TEST_PLAYER } from '@teamapp/ui/test/dom';
import { chooseTeam, teamsRoute, U12, U12_ID, U14_ID } from '../../shared/test/teams';
import { confirmTeamRegenerate } from './calendar-feed';
import { eventsApi, FEED_URL } from './schedule-fixtures';
import { SchedulePage } from './schedule-page';

// The machine is shared: give slow renders time before a wait fails.
configure({ asyncUtilTimeout: 4000 });

const U12_URL = 'http://club.test/api/calendar/u12.ics';
const U14_URL = 'http://club.test/api/calendar/u14.ics';
const U14_NEW = 'http://club.test/api/calendar/u14-new.ics';

const feedOf = (url: string) => ({ body: { success: true, data: { url } } });
const teamFeeds = {
  [`GET /calendar/teams/${U12_ID}/feed`]: feedOf(U12_URL),
  [`GET /calendar/teams/${U14_ID}/feed`]: feedOf(U14_URL),
};

beforeEach(() => localStorage.clear());

it("when a member of two teams opens /schedule, then each team's address shows with Copy, and Regenerate only where they coach", async () => {
  storeSession(TEST_PLAYER);
  const writeText = jest.fn(async () => undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  eventsApi([], { ...teamsRoute({ u12: 'player', u14: 'coach' }), ...teamFeeds });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  expect(await screen.findByRole('heading', { name: 'Team calendars' })).toBeInTheDocument();
  const u12 = await screen.findByLabelText('Under 12s calendar feed URL');
  const u14 = screen.getByLabelText('Under 14s calendar feed URL');
  await waitFor(() => expect(u12).toHaveValue(U12_URL));
  await waitFor(() => expect(u14).toHaveValue(U14_URL));
  expect(screen.getByLabelText('Calendar feed URL')).toHaveValue(FEED_URL);
  expect(u12).toHaveAttribute('readonly');
  expect(
    screen.queryByRole('button', { name: 'Regenerate Under 12s calendar address' }),
  ).not.toBeInTheDocument();
  expect(
    screen.getByRole('button', { name: 'Regenerate Under 14s calendar address' }),
  ).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Copy Under 12s calendar address' }));

  expect(writeText).toHaveBeenCalledWith(U12_URL);
  expect(await screen.findByText('Under 12s calendar address copied')).toBeInTheDocument();
});

it("when a coach regenerates their team's address from the keyboard, then it asks first, and the new address replaces the old", async () => {
  storeSession(TEST_PLAYER);
  const calls = eventsApi([], {
    ...teamsRoute({ u12: 'player', u14: 'coach' }),
    ...teamFeeds,
    [`POST /calendar/teams/${U14_ID}/feed/regenerate`]: feedOf(U14_NEW),
  });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });
  const field = await screen.findByLabelText('Under 14s calendar feed URL');
  await waitFor(() => expect(field).toHaveValue(U14_URL));
  const regenerate = screen.getByRole('button', { name: 'Regenerate Under 14s calendar address' });

  regenerate.focus();
  await userEvent.keyboard('{Enter}');
  let dialog = within(
    await screen.findByRole('dialog', { name: 'New Under 14s Calendar Address' }),
  );
  expect(dialog.getByText(confirmTeamRegenerate('Under 14s'))).toBeInTheDocument();
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.some((c) => c.method === 'POST')).toBe(false);

  await userEvent.click(regenerate);
  dialog = within(await screen.findByRole('dialog', { name: 'New Under 14s Calendar Address' }));
  await userEvent.click(dialog.getByRole('button', { name: 'Regenerate' }));

  await waitFor(() => expect(field).toHaveValue(U14_NEW));
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
    `/calendar/teams/${U14_ID}/feed/regenerate`,
  ]);
  expect(
    await screen.findByText(
      'A new Under 14s calendar address was made; the old one no longer works',
    ),
  ).toBeInTheDocument();
  // The member's own address is untouched.
  expect(screen.getByLabelText('Calendar feed URL')).toHaveValue(FEED_URL);
});

it("when a team is chosen in the header, then only that team's address shows", async () => {
  storeSession(TEST_PLAYER);
  chooseTeam(TEST_PLAYER.id, U14_ID);
  const calls = eventsApi([], { ...teamsRoute({ u12: 'player', u14: 'player' }), ...teamFeeds });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const u14 = await screen.findByLabelText('Under 14s calendar feed URL');
  await waitFor(() => expect(u14).toHaveValue(U14_URL));
  expect(screen.queryByLabelText('Under 12s calendar feed URL')).not.toBeInTheDocument();
  expect(
    screen.queryByRole('button', { name: 'Regenerate Under 14s calendar address' }),
  ).not.toBeInTheDocument();
  expect(calls.some((c) => c.path.includes(U12_ID))).toBe(false);
});

it("when a club admin in no team picks one in the header, then that team's address shows with Regenerate", async () => {
  storeSession(TEST_ADMIN);
  chooseTeam(TEST_ADMIN.id, U12_ID);
  eventsApi([], { ...teamsRoute(), ...teamFeeds });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const u12 = await screen.findByLabelText('Under 12s calendar feed URL');
  await waitFor(() => expect(u12).toHaveValue(U12_URL));
  expect(
    screen.getByRole('button', { name: 'Regenerate Under 12s calendar address' }),
  ).toBeInTheDocument();
});

it("when a team's address cannot be read, then its error shows with Retry and its Copy is disabled", async () => {
  storeSession(TEST_PLAYER);
  eventsApi([], {
    ...teamsRoute({ u12: 'player', u14: 'player' }),
    ...teamFeeds,
    [`GET /calendar/teams/${U12_ID}/feed`]: {
      status: 404,
      body: { success: false, error: 'Team not found' },
    },
  });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  expect(
    await screen.findByText('Team not found', undefined, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Copy Under 12s calendar address' })).toBeDisabled();
  await waitFor(() =>
    expect(screen.getByLabelText('Under 14s calendar feed URL')).toHaveValue(U14_URL),
  );
});

it('when the club has one team, then no team address shows and none is asked for', async () => {
  storeSession(TEST_PLAYER);
  const calls = eventsApi([], { ...teamsRoute({ u12: 'coach' }, [U12]), ...teamFeeds });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  // The coach's controls show once the team is known.
  expect(await screen.findByRole('button', { name: 'Add New Event' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByLabelText('Calendar feed URL')).toHaveValue(FEED_URL));
  expect(screen.queryByRole('heading', { name: 'Team calendars' })).not.toBeInTheDocument();
  expect(screen.queryByLabelText(/Under 12s/)).not.toBeInTheDocument();
  expect(calls.some((c) => c.path.startsWith('/calendar/teams/'))).toBe(false);
});
