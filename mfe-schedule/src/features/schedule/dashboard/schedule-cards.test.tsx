/**
 * @jest-environment jsdom
 *
 * The schedule's dashboard cards from GET /events' answers, stubbed at fetch: the admin's upcoming
 * events and average attendance, the player's next event (in the club's time zone) and attendance
 * rate, and "…" / "—" while loading or after a failure.
 */
import { screen, within } from '@testing-library/react';
import type { Attendee, EventsResponse } from '@teamapp/contracts';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
  type Reply,
} from '@teamapp/ui/test/dom';
import { ScheduleCards } from './schedule-cards';
import { testEvent } from './test-event';
import { chooseTeam, teamsRoute, U14_ID } from '../../shared/test/teams';

const DAY = 24 * 60 * 60 * 1000;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

const me = (status: Attendee['status']): Partial<Attendee> => ({ user_id: TEST_PLAYER.id, status });

// 19:00 in Chicago on Saturday, May 9 2099: far ahead, so neither Today nor Tomorrow.
const DERBY = testEvent('Derby Day', '2099-05-10T00:00:00.000Z', [
  me('attending'),
  { status: 'attending' },
  { status: 'maybe' },
]);
const SCHEDULE: EventsResponse = {
  success: true,
  timeZone: 'America/Chicago',
  events: [
    testEvent('Season Opener', fromNow(-10 * DAY), [
      me('not-attending'),
      { status: 'attending' },
      { status: 'attending' },
    ]),
    testEvent('Friendly', fromNow(-3 * DAY), [me('maybe'), { status: 'not-attending' }]),
    DERBY,
  ],
};

function platform(events: Reply | (() => Promise<Reply>) = { body: SCHEDULE }) {
  return fakeApi({ 'GET /events': events });
}

/** The value and hint a stat card shows. */
const card = (label: string) => within(screen.getByRole('group', { name: label }));
const cardText = (label: string) =>
  screen.getByRole('group', { name: label }).textContent?.replace(/\s/g, ' ');

beforeEach(() => localStorage.clear());

it('when an admin opens the dashboard, then upcoming events and attendance are counted', async () => {
  storeSession(TEST_ADMIN);
  const calls = platform();

  renderWithProviders(<ScheduleCards />, { path: '/dashboard' });

  expect(await card('Upcoming Events').findByText('1')).toBeInTheDocument();
  // Upcoming responses: attending twice and maybe once (the past events do not count).
  expect(card('Average Attendance').getByText('67%')).toBeInTheDocument();
  expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual([
    'Upcoming Events',
    'Average Attendance',
  ]);
  expect(calls.filter((c) => c.path === '/events')).toHaveLength(1);
  expect(calls.find((c) => c.path === '/events')?.headers.Authorization).toBe('Bearer test-token');
});

it("when a player opens the dashboard, then the next event shows in the club's time zone with their rate", async () => {
  storeSession(TEST_PLAYER);
  platform();

  renderWithProviders(<ScheduleCards />, { path: '/dashboard' });

  expect(await card('Next Event').findByText('Derby Day')).toBeInTheDocument();
  expect(cardText('Next Event')).toBe('Next EventDerby DaySat, May 9, 2099, 7:00 PM');
  // Attending one of the three events, past ones included.
  expect(card('Attendance Rate').getByText('33%')).toBeInTheDocument();
  expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual([
    'Next Event',
    'Attendance Rate',
  ]);
});

it('when the next event is tomorrow in the club zone, then the card says Tomorrow', async () => {
  storeSession(TEST_PLAYER);
  // Noon tomorrow in the club's zone (UTC here, so no DST in the way).
  const tomorrowNoon = new Date();
  tomorrowNoon.setUTCDate(tomorrowNoon.getUTCDate() + 1);
  tomorrowNoon.setUTCHours(12, 0, 0, 0);
  platform({
    body: {
      success: true,
      timeZone: 'UTC',
      events: [testEvent('Training', tomorrowNoon.toISOString(), [me('attending')])],
    },
  });

  renderWithProviders(<ScheduleCards />, { path: '/dashboard' });

  expect(await card('Next Event').findByText('Training')).toBeInTheDocument();
  expect(card('Next Event').getByText('Tomorrow')).toBeInTheDocument();
  expect(card('Attendance Rate').getByText('100%')).toBeInTheDocument();
});

it('when there are no events, then the cards say so instead of inventing numbers', async () => {
  storeSession(TEST_PLAYER);
  platform({ body: { success: true, timeZone: 'America/Chicago', events: [] } });

  renderWithProviders(<ScheduleCards />, { path: '/dashboard' });

  expect(await card('Next Event').findByText('No upcoming events')).toBeInTheDocument();
  expect(card('Attendance Rate').getByText('No events yet')).toBeInTheDocument();
  expect(card('Attendance Rate').getByText('—')).toBeInTheDocument();
});

it('when an admin has events without responses, then Upcoming Events counts them and attendance waits', async () => {
  storeSession(TEST_ADMIN);
  platform({
    body: {
      success: true,
      timeZone: 'America/Chicago',
      events: [testEvent('Training', fromNow(DAY), [{ status: 'pending' }])],
    },
  });

  renderWithProviders(<ScheduleCards />, { path: '/dashboard' });

  expect(await card('Average Attendance').findByText('No responses yet')).toBeInTheDocument();
  expect(card('Upcoming Events').getByText('1')).toBeInTheDocument();
});

it('while events load the cards show "…", and "—" when loading failed', async () => {
  storeSession(TEST_ADMIN);
  let fail: () => void = () => undefined;
  const failing = new Promise<Reply>(
    (resolve) => (fail = () => resolve({ status: 500, body: { error: 'Internal server error' } })),
  );
  platform(() => failing);

  renderWithProviders(<ScheduleCards />, { path: '/dashboard' });

  expect(await card('Upcoming Events').findByText('…')).toBeInTheDocument();
  expect(card('Average Attendance').getByText('…')).toBeInTheDocument();

  fail();

  // The query client tries once more before it gives up.
  expect(
    await card('Upcoming Events').findByText('—', undefined, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(card('Average Attendance').getByText('—')).toBeInTheDocument();
  expect(card('Average Attendance').queryByText('No responses yet')).not.toBeInTheDocument();
});

it("when the header has a team chosen, then the cards count that team's events", async () => {
  storeSession(TEST_ADMIN);
  chooseTeam(TEST_ADMIN.id, U14_ID);
  const calls = fakeApi({
    ...teamsRoute(),
    'GET /events': { body: SCHEDULE },
    [`GET /events?teamId=${U14_ID}`]: { body: { ...SCHEDULE, events: [] } },
  });

  renderWithProviders(<ScheduleCards />, { path: '/dashboard' });

  expect(await card('Upcoming Events').findByText('0')).toBeInTheDocument();
  expect(calls.some((c) => c.path === `/events?teamId=${U14_ID}`)).toBe(true);
});
