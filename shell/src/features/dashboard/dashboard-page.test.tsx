/**
 * @jest-environment jsdom
 *
 * The dashboard's stat cards from the real endpoints' answers, stubbed at fetch: the admin's
 * players, upcoming events and average attendance, the player's next event (in the club's time
 * zone), attendance rate and team size, and "…" / "—" while loading or after a failure.
 */
import { screen, within } from '@testing-library/react';
import type { Attendee, ClubEvent, EventsResponse, TeamMember, User } from '@teamapp/contracts';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
  type Reply,
} from '@teamapp/ui/test/dom';
import DashboardPage from './dashboard-page';

const DAY = 24 * 60 * 60 * 1000;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

function event(title: string, eventDate: string, attendees: Partial<Attendee>[]): ClubEvent {
  return {
    id: title,
    title,
    description: '',
    event_date: eventDate,
    location: 'Main Field',
    type: 'game',
    isRequired: false,
    seriesId: null,
    recurrence: null,
    attendees: attendees.map((a, i) => ({
      user_id: `member-${i}`,
      status: 'pending',
      response_date: null,
      ...a,
    })),
    attended: 0,
    attendanceRecorded: false,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

const me = (status: Attendee['status']): Partial<Attendee> => ({ user_id: TEST_PLAYER.id, status });

// 19:00 in Chicago on Saturday, May 9 2099: far ahead, so neither Today nor Tomorrow.
const DERBY = event('Derby Day', '2099-05-10T00:00:00.000Z', [
  me('attending'),
  { status: 'attending' },
  { status: 'maybe' },
]);
const SCHEDULE: EventsResponse = {
  success: true,
  timeZone: 'America/Chicago',
  events: [
    event('Season Opener', fromNow(-10 * DAY), [
      me('not-attending'),
      { status: 'attending' },
      { status: 'attending' },
    ]),
    event('Friendly', fromNow(-3 * DAY), [me('maybe'), { status: 'not-attending' }]),
    DERBY,
  ],
};

const PLAYERS: User[] = [
  TEST_ADMIN,
  TEST_PLAYER,
  { ...TEST_PLAYER, id: 'sam', name: 'Sam Striker' },
  { ...TEST_PLAYER, id: 'gone', name: 'Left Long Ago', is_active: false },
];
const TEAM: TeamMember[] = PLAYERS.filter((u) => u.is_active).map(({ id, name, email }) => ({
  id,
  name,
  email,
}));

/** A whole room as GET /chat answers it (the call checks the answer against its schema). */
const room = (id: string) => ({
  id,
  name: id,
  description: '',
  type: 'group',
  memberCount: 2,
  lastMessage: null,
  unreadCount: 0,
  createdBy: null,
  createdAt: '2026-11-01T10:00:00.000Z',
});

function platform(events: Reply | (() => Promise<Reply>) = { body: SCHEDULE }) {
  return fakeApi({
    'GET /user/all': { body: { success: true, data: PLAYERS } },
    'GET /user/team': { body: { success: true, data: TEAM } },
    'GET /events': events,
    'GET /chat': { body: { success: true, chatRooms: [room('r1'), room('r2')] } },
  });
}

/** The value and hint a stat card shows. */
const card = (label: string) => within(screen.getByRole('group', { name: label }));
const cardText = (label: string) =>
  screen.getByRole('group', { name: label }).textContent?.replace(/\s/g, ' ');

beforeEach(() => localStorage.clear());

it('when an admin opens the dashboard, then players, upcoming events and attendance are counted', async () => {
  storeSession(TEST_ADMIN);
  const calls = platform();

  renderWithProviders(<DashboardPage />, { path: '/dashboard' });

  expect(
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Casey Coach!' }),
  ).toBeInTheDocument();
  expect(await card('Upcoming Events').findByText('1')).toBeInTheDocument();
  // Upcoming responses: attending twice and maybe once (the past events do not count).
  expect(card('Average Attendance').getByText('67%')).toBeInTheDocument();
  expect(await card('Total Players').findByText('2')).toBeInTheDocument();
  // The rooms the member is in.
  expect(await card('Active Chats').findByText('2')).toBeInTheDocument();
  expect(calls.filter((c) => c.path === '/events')).toHaveLength(1);
  expect(calls.find((c) => c.path === '/events')?.headers.Authorization).toBe('Bearer test-token');
});

it("when a player opens the dashboard, then the next event shows in the club's time zone with their rate", async () => {
  storeSession(TEST_PLAYER);
  platform();

  renderWithProviders(<DashboardPage />, { path: '/dashboard' });

  expect(await card('Next Event').findByText('Derby Day')).toBeInTheDocument();
  expect(cardText('Next Event')).toBe('Next EventDerby DaySat, May 9, 2099, 7:00 PM');
  // Attending one of the three events, past ones included.
  expect(card('Attendance Rate').getByText('33%')).toBeInTheDocument();
  expect(await card('Team Members').findByText('3')).toBeInTheDocument();
  expect(await card('Active Chats').findByText('2')).toBeInTheDocument();
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
      events: [event('Training', tomorrowNoon.toISOString(), [me('attending')])],
    },
  });

  renderWithProviders(<DashboardPage />, { path: '/dashboard' });

  expect(await card('Next Event').findByText('Training')).toBeInTheDocument();
  expect(card('Next Event').getByText('Tomorrow')).toBeInTheDocument();
  expect(card('Attendance Rate').getByText('100%')).toBeInTheDocument();
});

it('when there are no events, then the cards say so instead of inventing numbers', async () => {
  storeSession(TEST_PLAYER);
  platform({ body: { success: true, timeZone: 'America/Chicago', events: [] } });

  renderWithProviders(<DashboardPage />, { path: '/dashboard' });

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
      events: [event('Training', fromNow(DAY), [{ status: 'pending' }])],
    },
  });

  renderWithProviders(<DashboardPage />, { path: '/dashboard' });

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

  renderWithProviders(<DashboardPage />, { path: '/dashboard' });

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
