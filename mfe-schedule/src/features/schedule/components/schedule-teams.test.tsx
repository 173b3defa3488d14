/**
 * @jest-environment jsdom
 *
 * /schedule in a club of several teams: the list follows the header's team, a coach runs their
 * teams' events only, a player runs none, the event form's team picker for an admin and a coach,
 * the team badge on cards (none with one team), and older past events loaded on request.
 */
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, storeSession, TEST_ADMIN, TEST_PLAYER } from '@teamapp/ui/test/dom';
import { badgeOf, chooseTeam, teamsRoute, U12, U12_ID, U14, U14_ID } from '../../shared/test/teams';
import { ev, eventsApi, OLD, OLDER, SOON } from './schedule-fixtures';
import { SchedulePage } from './schedule-page';
import { chooseFromMenu } from '../test/menu';

// The machine is shared: give slow renders time before a wait fails.
configure({ asyncUtilTimeout: 4000 });

const U12_TRAINING = ev('e-u12', 'Under 12s Training', '2099-03-04T18:00:00.000Z', {
  teamId: U12_ID,
  team: badgeOf(U12),
});
const U14_GAME = ev('e-u14', 'Under 14s Game', '2099-03-05T18:00:00.000Z', {
  type: 'game',
  teamId: U14_ID,
  team: badgeOf(U14),
});
const U12_PLAYED = ev('e-u12-played', 'Under 12s Friendly', '2020-02-01T18:00:00.000Z', {
  type: 'game',
  teamId: U12_ID,
  team: badgeOf(U12),
});
const CLUB_PARTY = ev('e-club', 'Club Party', '2099-03-06T18:00:00.000Z', {
  type: 'social',
  teamId: null,
  team: null,
});
const ALL = [U12_TRAINING, U14_GAME, U12_PLAYED, CLUB_PARTY];

const created = {
  status: 201,
  body: { success: true, message: 'Event created successfully', data: { events: [] } },
};

const actions = (title: string) => screen.queryByRole('button', { name: `Actions for ${title}` });

async function openAdd() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add New Event' }));
  return within(await screen.findByRole('dialog', { name: 'Add New Event' }));
}

/** Fills the required fields of the open event form. */
async function fill(dialog: ReturnType<typeof within>, title: string) {
  await userEvent.type(dialog.getByLabelText(/Title/), title);
  await userEvent.type(dialog.getByLabelText(/^Date/), '2099-05-06');
  await userEvent.type(dialog.getByLabelText(/^Time/), '18:00');
  await userEvent.type(dialog.getByLabelText(/Location/), 'North Field');
}

/** The labels a select offers, in order. */
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

beforeEach(() => localStorage.clear());

it("when a coach opens /schedule, then they run their team's events only, and nothing club-wide", async () => {
  storeSession(TEST_PLAYER);
  eventsApi(ALL, teamsRoute({ u12: 'coach', u14: 'player' }));
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  expect(await screen.findByRole('button', { name: 'Add New Event' })).toBeInTheDocument();
  expect(actions('Under 12s Training')).toBeInTheDocument();
  expect(actions('Under 12s Friendly')).toBeInTheDocument();
  expect(actions('Under 14s Game')).not.toBeInTheDocument();
  expect(actions('Club Party')).not.toBeInTheDocument();
  // A played game of their team may be scored.
  await chooseFromMenu('Actions for Under 12s Friendly', 'Record Result');
  expect(await screen.findByRole('dialog', { name: /Record Result/ })).toBeInTheDocument();
});

it('when a player of several teams opens /schedule, then no event can be added or run', async () => {
  storeSession(TEST_PLAYER);
  eventsApi(ALL, teamsRoute({ u12: 'player', u14: 'player' }));
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  // The team badges show once the teams are known; the controls never do.
  await within(await screen.findByRole('article', { name: 'Under 14s Game' })).findByText(
    'Under 14s',
  );
  expect(screen.queryByRole('button', { name: 'Add New Event' })).not.toBeInTheDocument();
  for (const e of ALL) expect(actions(e.title)).not.toBeInTheDocument();
});

it('when the club has several teams, then a team event wears its team and a club-wide one none', async () => {
  storeSession(TEST_ADMIN);
  eventsApi(ALL, teamsRoute());
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const u14 = within(await screen.findByRole('article', { name: 'Under 14s Game' }));
  expect(await u14.findByText('Under 14s')).toBeInTheDocument();
  const u12 = within(screen.getByRole('article', { name: 'Under 12s Training' }));
  expect(u12.getByText('Under 12s')).toBeInTheDocument();
  const party = within(screen.getByRole('article', { name: 'Club Party' }));
  expect(party.queryByText(/Under 1/)).not.toBeInTheDocument();
});

it('when the club has one team, then no team shows, and its coach runs its events without a picker', async () => {
  storeSession(TEST_PLAYER);
  const calls = eventsApi([U12_TRAINING], {
    ...teamsRoute({ u12: 'coach' }, [U12]),
    'POST /events': created,
  });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  // The coach's controls show once the team is known: the card still names no team.
  expect(await screen.findByRole('button', { name: 'Add New Event' })).toBeInTheDocument();
  const card = within(screen.getByRole('article', { name: 'Under 12s Training' }));
  expect(card.queryByText('Under 12s')).not.toBeInTheDocument();
  expect(actions('Under 12s Training')).toBeInTheDocument();

  const dialog = await openAdd();
  expect(dialog.queryByLabelText(/^Team/)).not.toBeInTheDocument();
  await fill(dialog, 'Extra Training');
  await userEvent.click(dialog.getByRole('button', { name: 'Add Event' }));
  expect(await screen.findByText('Event created successfully')).toBeInTheDocument();
  // The server takes a coach's event for their team only: the one team is named.
  expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ teamId: U12_ID });
});

it("when the header has a team chosen, then the schedule lists that team's events", async () => {
  storeSession(TEST_PLAYER);
  chooseTeam(TEST_PLAYER.id, U14_ID);
  const calls = eventsApi([], {
    ...teamsRoute({ u12: 'player', u14: 'player' }),
    [`GET /events?teamId=${U14_ID}`]: {
      body: { success: true, events: [U14_GAME], timeZone: 'America/New_York' },
    },
  });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  expect(await screen.findByRole('article', { name: 'Under 14s Game' })).toBeInTheDocument();
  expect(calls.some((c) => c.path === `/events?teamId=${U14_ID}`)).toBe(true);
});

it('when an admin adds an event, then the picker offers the whole club and every team, club-wide first', async () => {
  storeSession(TEST_ADMIN);
  const calls = eventsApi(ALL, { ...teamsRoute(), 'POST /events': created });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });
  await within(await screen.findByRole('article', { name: 'Under 14s Game' })).findByText(
    'Under 14s',
  );

  const dialog = await openAdd();
  const picker = dialog.getByLabelText('Team');
  expect(optionsOf(picker)).toEqual(['Club-wide', 'Under 12s', 'Under 14s']);
  expect(picker).toHaveDisplayValue('Club-wide');
  await fill(dialog, 'Club Meeting');
  await userEvent.click(dialog.getByRole('button', { name: 'Add Event' }));

  expect(await screen.findByText('Event created successfully')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
    title: 'Club Meeting',
    teamId: null,
  });
});

it("when an admin has a team chosen in the header, then a new event starts as that team's", async () => {
  storeSession(TEST_ADMIN);
  chooseTeam(TEST_ADMIN.id, U14_ID);
  eventsApi([], {
    ...teamsRoute(),
    [`GET /events?teamId=${U14_ID}`]: {
      body: { success: true, events: [U14_GAME], timeZone: 'America/New_York' },
    },
  });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });
  await within(await screen.findByRole('article', { name: 'Under 14s Game' })).findByText(
    'Under 14s',
  );

  const dialog = await openAdd();
  expect(dialog.getByLabelText('Team')).toHaveDisplayValue('Under 14s');
});

it('when a coach adds an event, then only the teams they coach are offered, their chosen one first', async () => {
  storeSession(TEST_PLAYER);
  chooseTeam(TEST_PLAYER.id, U12_ID);
  const calls = eventsApi([], {
    ...teamsRoute({ u12: 'coach', u14: 'player' }),
    [`GET /events?teamId=${U12_ID}`]: {
      body: { success: true, events: [], timeZone: 'America/New_York' },
    },
    'POST /events': created,
  });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const dialog = await openAdd();
  const picker = dialog.getByLabelText(/^Team/);
  expect(optionsOf(picker)).toEqual(['Under 12s']);
  expect(picker).toHaveDisplayValue('Under 12s');
  await fill(dialog, 'Under 12s Training');
  await userEvent.click(dialog.getByRole('button', { name: 'Add Event' }));

  expect(await screen.findByText('Event created successfully')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ teamId: U12_ID });
});

it('when a coach of two teams has none chosen, then they must pick one before adding', async () => {
  storeSession(TEST_PLAYER);
  eventsApi([], { ...teamsRoute({ u12: 'coach', u14: 'coach' }), 'POST /events': created });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const dialog = await openAdd();
  const picker = dialog.getByLabelText(/^Team/);
  expect(optionsOf(picker)).toEqual(['Choose a team', 'Under 12s', 'Under 14s']);
  await fill(dialog, 'Joint Training');
  const add = dialog.getByRole('button', { name: 'Add Event' });
  expect(add).toBeDisabled();
  await userEvent.selectOptions(picker, 'Under 14s');
  expect(add).toBeEnabled();
});

it('when an admin edits a team event, then the picker starts on its team', async () => {
  storeSession(TEST_ADMIN);
  eventsApi(ALL, teamsRoute());
  renderWithProviders(<SchedulePage />, { path: '/schedule' });
  await within(await screen.findByRole('article', { name: 'Under 14s Game' })).findByText(
    'Under 14s',
  );

  await chooseFromMenu('Actions for Under 14s Game', 'Edit');
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit Event' }));
  expect(dialog.getByLabelText('Team')).toHaveDisplayValue('Under 14s');
});

describe('older past events', () => {
  const FIRST_CURSOR = OLD.event_date;
  const SECOND_CURSOR = OLDER.event_date;
  const ANCIENT = ev('e-ancient', 'Founding Match', '2010-06-01T18:00:00.000Z');
  const page = (events: typeof ALL, olderBefore: string | null) => ({
    body: { success: true, events, timeZone: 'America/New_York', olderBefore },
  });
  const olderPath = (before: string) => `/events?before=${encodeURIComponent(before)}`;

  it('when older events are left, then "Show older events" loads them page by page, by keyboard too', async () => {
    storeSession(TEST_PLAYER);
    const calls = eventsApi([], {
      'GET /events': page([SOON, OLD], FIRST_CURSOR),
      [`GET ${olderPath(FIRST_CURSOR)}`]: page([OLDER], SECOND_CURSOR),
      [`GET ${olderPath(SECOND_CURSOR)}`]: page([ANCIENT], null),
    });
    renderWithProviders(<SchedulePage />, { path: '/schedule' });

    expect(await screen.findByRole('heading', { name: 'Past Events (1)' })).toBeInTheDocument();
    expect(calls.some((c) => c.path.includes('before='))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Show older events' }));
    expect(await screen.findByRole('heading', { name: 'Past Events (2)' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Older Meeting' })).toBeInTheDocument();

    const more = screen.getByRole('button', { name: 'Show older events' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Past Events (3)' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Founding Match' })).toBeInTheDocument();
    // None is older: the button goes.
    expect(screen.queryByRole('button', { name: 'Show older events' })).not.toBeInTheDocument();
  });

  it('when a team is chosen, then the older page is of that team', async () => {
    storeSession(TEST_PLAYER);
    chooseTeam(TEST_PLAYER.id, U12_ID);
    const calls = eventsApi([], {
      ...teamsRoute({ u12: 'player' }),
      [`GET /events?teamId=${U12_ID}`]: page([U12_TRAINING], U12_TRAINING.event_date),
      [`GET /events?before=${encodeURIComponent(U12_TRAINING.event_date)}&teamId=${U12_ID}`]: page(
        [U12_PLAYED],
        null,
      ),
    });
    renderWithProviders(<SchedulePage />, { path: '/schedule' });

    await userEvent.click(await screen.findByRole('button', { name: 'Show older events' }));
    expect(await screen.findByRole('article', { name: 'Under 12s Friendly' })).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/events?before=') && c.path.includes(U12_ID))).toBe(
      true,
    );
  });

  it('when an older page fails, then the error shows with a retry that loads it', async () => {
    storeSession(TEST_PLAYER);
    let tries = 0;
    eventsApi([], {
      'GET /events': page([SOON, OLD], FIRST_CURSOR),
      [`GET ${olderPath(FIRST_CURSOR)}`]: () =>
        ++tries <= 2
          ? { status: 500, body: { success: false, error: 'Failed to fetch events' } }
          : page([OLDER], null),
    });
    renderWithProviders(<SchedulePage />, { path: '/schedule' });

    await userEvent.click(await screen.findByRole('button', { name: 'Show older events' }));
    expect(await screen.findByText('Failed to fetch events')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Older Meeting' })).toBeInTheDocument();
  });

  it('when the answer says none is older, then no button shows', async () => {
    storeSession(TEST_PLAYER);
    eventsApi([], { 'GET /events': page([SOON, OLD], null) });
    renderWithProviders(<SchedulePage />, { path: '/schedule' });

    expect(await screen.findByRole('heading', { name: 'Past Events (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older events' })).not.toBeInTheDocument();
  });
});
