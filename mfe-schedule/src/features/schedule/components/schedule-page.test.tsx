/**
 * @jest-environment jsdom
 *
 * /schedule: sections and their order, times in the club's zone, filters and search, RSVP, the
 * server's error texts, what players do not see, and deleting after the reference's confirmation.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
} from '@teamapp/ui/test/dom';
import { eventsApi, LATER, OLD, OLDER, SERIES, SOON } from './schedule-fixtures';
import { CONFIRM_DELETE, SchedulePage } from './schedule-page';
import { chooseFromMenu } from '../test/menu';

const titles = (section: HTMLElement) =>
  within(section)
    .getAllByRole('article')
    .map((a) => a.getAttribute('aria-label'));

const section = (heading: string | RegExp) =>
  screen.getByRole('heading', { name: heading }).closest('section')!;

// The machine is shared: give slow renders time before a wait fails.
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => localStorage.clear());

it('when a member opens /schedule, then upcoming events come soonest first and past ones latest first', async () => {
  storeSession(TEST_PLAYER);
  eventsApi([OLDER, LATER, OLD, SOON]);
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  expect(
    await screen.findByRole('heading', { level: 1, name: 'Team Schedule' }),
  ).toBeInTheDocument();
  await screen.findByRole('heading', { name: 'Upcoming Events (2)' });
  expect(titles(section('Upcoming Events (2)'))).toEqual(['Tuesday Training', 'Cup Final']);
  expect(titles(section('Past Events (2)'))).toEqual(['Old Friendly', 'Older Meeting']);
  const final = within(screen.getByRole('article', { name: 'Cup Final' }));
  expect(final.getByText('Game')).toBeInTheDocument();
  expect(final.getByText('City Stadium')).toBeInTheDocument();
  expect(final.getByText('Bring both kits')).toBeInTheDocument();
  expect(final.getByText('Required attendance')).toBeInTheDocument();
  // Past events show the attended count instead of the answers.
  const old = within(screen.getByRole('article', { name: 'Old Friendly' }));
  expect(old.getByText('Completed: 9 attended')).toBeInTheDocument();
  expect(old.queryByRole('button', { name: 'Going' })).not.toBeInTheDocument();
});

it('when the club is in New York, then times show in its zone in US English, whatever the device zone', async () => {
  storeSession(TEST_PLAYER);
  eventsApi([SOON, LATER]);
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  // 01:00 UTC on Mar 3 is 8:00 PM on Mar 2 in New York; 19:00 UTC on May 1 is 3:00 PM (EDT).
  const soon = within(await screen.findByRole('article', { name: 'Tuesday Training' }));
  expect(soon.getByText('Mon, Mar 2, 2099, 8:00 PM')).toBeInTheDocument();
  const final = within(screen.getByRole('article', { name: 'Cup Final' }));
  expect(final.getByText('Fri, May 1, 2099, 3:00 PM')).toBeInTheDocument();
});

it('when there are no past events, then only Upcoming shows, and with none "No Events"', async () => {
  storeSession(TEST_PLAYER);
  eventsApi([]);
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  expect(await screen.findByRole('heading', { name: 'Upcoming Events (0)' })).toBeInTheDocument();
  expect(screen.getByText('No Events')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: /Past Events/ })).not.toBeInTheDocument();
});

it('when a member filters by type or searches, then only matching events stay', async () => {
  storeSession(TEST_PLAYER);
  eventsApi([SOON, LATER, OLD, OLDER]);
  renderWithProviders(<SchedulePage />, { path: '/schedule' });
  await screen.findByRole('article', { name: 'Cup Final' });
  const all = screen.getByRole('button', { name: 'All Events' });
  expect(all).toHaveAttribute('aria-pressed', 'true');

  const games = screen.getByRole('button', { name: 'Games' });
  await userEvent.click(games);
  expect(games).toHaveAttribute('aria-pressed', 'true');
  expect(all).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
    'Cup Final',
    'Old Friendly',
  ]);
  await userEvent.click(screen.getByRole('button', { name: 'Meetings' }));
  expect(titles(section('Past Events (1)'))).toEqual(['Older Meeting']);
  expect(screen.getByText('No Events')).toBeInTheDocument();

  await userEvent.click(all);
  await userEvent.type(screen.getByLabelText('Search events'), 'stadium');
  expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
    'Cup Final',
  ]);
  await userEvent.clear(screen.getByLabelText('Search events'));
  await userEvent.type(screen.getByLabelText('Search events'), 'TUESDAY');
  expect(screen.getAllByRole('article')).toHaveLength(1);
});

it('when a member answers Going, then the RSVP is posted, the list reloads and Going is chosen', async () => {
  storeSession(TEST_PLAYER);
  let events = [SOON];
  const calls = fakeApi({
    'GET /events': () => ({ body: { success: true, events, timeZone: 'UTC' } }),
    'GET /calendar/feed': { body: { success: true, data: { url: 'http://x/abc.ics' } } },
    'POST /events/e-soon/rsvp': () => {
      const answer = {
        user_id: TEST_PLAYER.id,
        status: 'attending' as const,
        response_date: '2026-01-01T00:00:00.000Z',
      };
      events = [{ ...SOON, attendees: [answer] }];
      return { body: { success: true, message: 'RSVP updated successfully', data: answer } };
    },
  });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });
  const card = within(await screen.findByRole('article', { name: 'Tuesday Training' }));
  expect(card.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');

  await userEvent.click(card.getByRole('button', { name: 'Going' }));

  await waitFor(() =>
    expect(card.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true'),
  );
  expect(card.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'false');
  const post = calls.find((c) => c.method === 'POST');
  expect(post?.path).toBe('/events/e-soon/rsvp');
  expect(post?.body).toEqual({ status: 'attending' });
  expect(calls.filter((c) => c.method === 'GET' && c.path === '/events')).toHaveLength(2);
});

it("when a player's list names no one, then their answer comes from mine and the count from counts", async () => {
  storeSession(TEST_PLAYER);
  const soon = {
    ...SOON,
    attendees: [],
    counts: { attending: 3, maybe: 1, 'not-attending': 0, pending: 8 },
  };
  fakeApi({
    'GET /events': {
      body: {
        success: true,
        events: [soon],
        timeZone: 'UTC',
        mine: { [SOON.id]: { user_id: TEST_PLAYER.id, status: 'maybe', response_date: null } },
      },
    },
    'GET /calendar/feed': { body: { success: true, data: { url: 'http://x/abc.ics' } } },
  });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });
  const card = within(await screen.findByRole('article', { name: 'Tuesday Training' }));
  expect(card.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');
  expect(card.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'false');
  expect(card.getByText('3 going')).toBeInTheDocument();
});

it("when an absence answered for a member, then Can't Go is chosen with its reason", async () => {
  storeSession(TEST_PLAYER);
  eventsApi([LATER]);
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const final = within(await screen.findByRole('article', { name: 'Cup Final' }));
  expect(final.getByRole('button', { name: "Can't Go" })).toHaveAttribute('aria-pressed', 'true');
  expect(final.getByText('Unavailable: Work trip')).toBeInTheDocument();
});

it("when the server refuses an answer or the list, then its own error text shows, else the reference's", async () => {
  storeSession(TEST_PLAYER);
  eventsApi([SOON], {
    'POST /events/e-soon/rsvp': {
      status: 400,
      body: { success: false, error: 'Answers are closed for this event', code: 'bad_request' },
    },
  });
  const first = renderWithProviders(<SchedulePage />, { path: '/schedule' });
  await userEvent.click(await screen.findByRole('button', { name: 'Going' }));
  expect(await screen.findByText('Answers are closed for this event')).toBeInTheDocument();
  first.unmount();

  // A failure without a server message gets the reference's text (after the query's one retry).
  fakeApi({
    'GET /events': { status: 500, body: {} },
    'GET /calendar/feed': { body: { success: true, data: { url: 'http://x/abc.ics' } } },
  });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });
  expect(
    await screen.findByText('Failed to fetch events', undefined, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

it('when a player opens /schedule, then there is no add button, card menu or who is away', async () => {
  storeSession(TEST_PLAYER);
  eventsApi([LATER, SOON]);
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const final = within(await screen.findByRole('article', { name: 'Cup Final' }));
  expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add New Event' })).not.toBeInTheDocument();
  expect(final.queryByText(/^Away:/)).not.toBeInTheDocument();
});

it('when an admin opens /schedule, then each card has its menu and says who is away', async () => {
  storeSession(TEST_ADMIN);
  eventsApi([LATER]);
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const final = within(await screen.findByRole('article', { name: 'Cup Final' }));
  expect(final.getByText(`Away: ${TEST_PLAYER.name} (Work trip)`)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add New Event' })).toBeInTheDocument();
  await userEvent.click(final.getByRole('button', { name: 'Actions for Cup Final' }));
  const items = await screen.findAllByRole('menuitem', { hidden: true });
  expect(items.map((i) => i.textContent)).toEqual(['Edit', 'Delete']);
});

async function askToDelete(title: string) {
  await chooseFromMenu(`Actions for ${title}`, 'Delete');
  return screen.findByRole('dialog', { name: 'Delete Event' });
}

it("when an admin deletes a single event, then the reference's question comes first", async () => {
  storeSession(TEST_ADMIN);
  const calls = eventsApi([LATER], {
    'DELETE /events/e-later': {
      body: { success: true, message: 'Event deleted successfully', data: { deleted: 1 } },
    },
  });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const confirm = await askToDelete('Cup Final');
  expect(within(confirm).getByText(CONFIRM_DELETE)).toBeInTheDocument();
  expect(CONFIRM_DELETE).toBe(
    'Are you sure you want to delete this event? This action cannot be undone.',
  );
  expect(within(confirm).queryByRole('radio')).not.toBeInTheDocument();
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Event deleted successfully')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/events/e-later');
});

it('when an admin cancels a delete, then nothing is sent', async () => {
  storeSession(TEST_ADMIN);
  const calls = eventsApi([LATER]);
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const confirm = await askToDelete('Cup Final');
  await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  expect(screen.getByRole('article', { name: 'Cup Final' })).toBeInTheDocument();
});

it('when an admin deletes an occurrence of a series, then the confirmation asks which events', async () => {
  storeSession(TEST_ADMIN);
  const calls = eventsApi([SERIES], {
    'DELETE /events/e-series?scope=following': {
      body: { success: true, message: 'Event deleted successfully', data: { deleted: 3 } },
    },
  });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const confirm = await askToDelete('Weekly Practice');
  expect(within(confirm).getByText(CONFIRM_DELETE)).toBeInTheDocument();
  expect(within(confirm).getByRole('radio', { name: 'This event' })).toBeChecked();
  await userEvent.click(within(confirm).getByRole('radio', { name: 'This and following events' }));
  await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Event deleted successfully')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/events/e-series?scope=following');
});

it('when the server refuses a delete, then its error text shows', async () => {
  storeSession(TEST_ADMIN);
  eventsApi([LATER], {
    'DELETE /events/e-later': {
      status: 403,
      body: { success: false, error: 'Only administrators can delete events', code: 'forbidden' },
    },
  });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const confirm = await askToDelete('Cup Final');
  await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Only administrators can delete events')).toBeInTheDocument();
});
