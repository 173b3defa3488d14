/**
 * @jest-environment jsdom
 *
 * /club-development as each role sees it (reference §2 Club Development, §6 Tasks): the four columns
 * with counts, the cards, the details dialog, and the loading, empty and error states.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
} from '@teamapp/ui/test/dom';
import { BIBS, BOARD, BUDGET, SPONSOR, listOf } from '../test/fixtures';
import {
  ClubDevelopmentPage,
  EMPTY_ADMIN,
  EMPTY_PLAYER,
  LOAD_FAILED,
} from './club-development-page';

beforeEach(() => localStorage.clear());

const column = (name: RegExp) => within(screen.getByRole('region', { name }));

it('when an admin opens the board, then four columns with counts hold the cards in order', async () => {
  storeSession(TEST_ADMIN);
  fakeApi({ 'GET /club-tasks': listOf([SPONSOR, BUDGET, BIBS]) });

  renderWithProviders(<ClubDevelopmentPage />, { path: '/club-development' });

  await screen.findByRole('article', { name: BIBS.title });
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Club Development');
  expect(
    screen
      .getAllByRole('heading', { level: 2 })
      .map((h) => [h.getAttribute('aria-label'), h.textContent]),
  ).toEqual([
    ['Backlog, 2 tasks', 'Backlog2'],
    ['In Progress, 1 task', 'In Progress1'],
    ['Review, 0 tasks', 'Review0'],
    ['Completed, 0 tasks', 'Completed0'],
  ]);
  const backlog = column(/^Backlog/);
  expect(backlog.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
    BIBS.title,
    SPONSOR.title,
  ]);
  expect(column(/^Review/).getByText('No tasks')).toBeInTheDocument();
  for (const status of ['Backlog', 'In Progress', 'Review', 'Completed']) {
    expect(screen.getByRole('button', { name: `Add Task to ${status}` })).toBeInTheDocument();
  }
});

it('when a card is shown, then title, category, priority, initials and due date show, and an overdue one is marked', async () => {
  storeSession(TEST_ADMIN);
  fakeApi({ 'GET /club-tasks': listOf(BOARD) });
  renderWithProviders(<ClubDevelopmentPage />, { path: '/club-development' });

  const bibs = within(await screen.findByRole('article', { name: BIBS.title }));
  expect(bibs.getByText('Equipment')).toBeInTheDocument();
  expect(bibs.getByText('High')).toBeInTheDocument();
  expect(bibs.getByText('SS')).toBeInTheDocument();
  expect(bibs.getByText('Jan 5, 2026')).toBeInTheDocument();
  expect(bibs.getByText('Overdue')).toBeInTheDocument();
  expect(bibs.getByText('Assignee: Sam Striker')).toBeInTheDocument();

  const sponsor = within(screen.getByRole('article', { name: SPONSOR.title }));
  expect(sponsor.getByText('No date')).toBeInTheDocument();
  expect(sponsor.getByText('Marketing')).toBeInTheDocument();
  expect(sponsor.getByText('Low')).toBeInTheDocument();
  expect(sponsor.getByText('U')).toBeInTheDocument();
  expect(sponsor.queryByText('Overdue')).not.toBeInTheDocument();
  expect(
    within(screen.getByRole('article', { name: BUDGET.title })).getByText('CC'),
  ).toBeInTheDocument();
});

it('when a player opens the board, then it is read only: no add, menu, move or status selector', async () => {
  storeSession(TEST_PLAYER);
  const calls = fakeApi({ 'GET /club-tasks': listOf(BOARD) });
  renderWithProviders(<ClubDevelopmentPage />, { path: '/club-development' });

  await screen.findByRole('article', { name: BIBS.title });
  expect(screen.getAllByRole('article')).toHaveLength(3);
  expect(screen.queryByRole('button', { name: /^Add Task/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
  expect(document.querySelector('[aria-roledescription="sortable"]')).toBeNull();

  await userEvent.click(screen.getByRole('button', { name: BIBS.title }));
  const dialog = within(await screen.findByRole('dialog', { name: BIBS.title }));
  expect(dialog.getByText('Backlog')).toBeInTheDocument();
  expect(dialog.getByText('Sam Striker')).toBeInTheDocument();
  expect(dialog.queryByLabelText('Status')).not.toBeInTheDocument();
  expect(calls.every((c) => c.method === 'GET')).toBe(true);
  expect(calls.some((c) => c.path === '/user/all')).toBe(false);
});

it('when a card is clicked, then the details dialog shows the whole task', async () => {
  storeSession(TEST_ADMIN);
  fakeApi({ 'GET /club-tasks': listOf(BOARD) });
  renderWithProviders(<ClubDevelopmentPage />, { path: '/club-development' });

  await userEvent.click(await screen.findByRole('article', { name: BIBS.title }));

  const dialog = within(await screen.findByRole('dialog', { name: BIBS.title }));
  expect(dialog.getByText(/Twenty, in club blue\./)).toBeInTheDocument();
  expect(dialog.getByText('High')).toBeInTheDocument();
  expect(dialog.getByText('Equipment')).toBeInTheDocument();
  expect(dialog.getByText('Jan 5, 2026')).toBeInTheDocument();
  expect(dialog.getByText('Overdue')).toBeInTheDocument();
  expect(dialog.getByLabelText('Status')).toHaveValue('backlog');
  await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

it('when there are no tasks, then each role is told so and the columns stay', async () => {
  storeSession(TEST_ADMIN);
  fakeApi({ 'GET /club-tasks': listOf([]) });
  const admin = renderWithProviders(<ClubDevelopmentPage />, { path: '/club-development' });
  expect(await screen.findByText(EMPTY_ADMIN)).toBeInTheDocument();
  expect(screen.getAllByText('No tasks')).toHaveLength(4);
  admin.unmount();

  localStorage.clear();
  storeSession(TEST_PLAYER);
  renderWithProviders(<ClubDevelopmentPage />, { path: '/club-development' });
  expect(await screen.findByText(EMPTY_PLAYER)).toBeInTheDocument();
});

it('when the board cannot load, then "Failed to fetch tasks" shows with Retry, which loads it', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({ 'GET /club-tasks': { status: 503, body: {} } });
  renderWithProviders(<ClubDevelopmentPage />, { path: '/club-development' });
  expect(screen.getByText('Loading tasks...')).toBeInTheDocument();

  const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
  expect(alert).toHaveTextContent(LOAD_FAILED);

  fakeApi({ 'GET /club-tasks': listOf(BOARD) });
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('article', { name: BIBS.title })).toBeInTheDocument();
});
