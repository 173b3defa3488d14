/**
 * @jest-environment jsdom
 *
 * /family (docs/reference.md "Families"): each child with their teams and next events in the
 * club's zone, the child's answer pressed and who gave it, answering and adding an absence for
 * the child (both with forUserId), and the loading, empty and error states.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FamilyAnswer, FamilyEvent } from '@teamapp/contracts';
import { fakeApi, renderWithProviders, storeSession, TEST_PLAYER } from '@teamapp/ui/test/dom';
import { FamilyPage, NO_CHILDREN, noEventsFor } from './family-page';

configure({ asyncUtilTimeout: 4000 });

const ROBIN = '0c1d2e3f-1111-4a5b-8c9d-0e1f2a3b4c5d';
const ALEX = '0c1d2e3f-2222-4a5b-8c9d-0e1f2a3b4c5d';
const TEAM = { id: '0c1d2e3f-3333-4a5b-8c9d-0e1f2a3b4c5d', name: 'Under 10s', colour: '#1864ab' };
const GUARDIAN = { ...TEST_PLAYER, children: [ROBIN, ALEX] };

const training = (answer: Partial<FamilyEvent['answer']> = {}): FamilyEvent => ({
  id: 'e-training',
  title: 'Tuesday Training',
  event_date: '2099-03-03T01:00:00.000Z',
  location: 'North Field',
  type: 'training',
  isRequired: false,
  teamId: TEAM.id,
  team: TEAM,
  answer: { user_id: ROBIN, status: 'pending', response_date: null, ...answer },
});

const family = (events: FamilyEvent[]): FamilyAnswer => ({
  success: true,
  timeZone: 'America/New_York',
  data: {
    children: [
      { id: ROBIN, name: 'Robin Young', teams: [TEAM], events },
      { id: ALEX, name: 'Alex Young', teams: [], events: [] },
    ],
  },
});

beforeEach(() => localStorage.clear());

it("when a guardian opens /family, then each child shows with their teams, next events in the club's zone and the answer with who gave it", async () => {
  storeSession(GUARDIAN);
  const answered = training({
    status: 'maybe',
    response_date: '2026-01-01T00:00:00.000Z',
    answeredBy: { userId: GUARDIAN.id, name: 'Jordan Winger', relation: 'Father' },
  });
  fakeApi({ 'GET /family': { body: family([answered]) } });
  renderWithProviders(<FamilyPage />, { path: '/family' });

  expect(await screen.findByRole('heading', { level: 1, name: 'Family' })).toBeInTheDocument();
  const robin = within(
    (await screen.findByRole('heading', { name: 'Robin Young' })).closest('section')!,
  );
  expect(robin.getAllByText('Under 10s').length).toBeGreaterThan(0);
  expect(robin.getByText('Mon, Mar 2, 2099, 8:00 PM')).toBeInTheDocument();
  const answers = robin.getByRole('group', { name: "Robin Young's answer for Tuesday Training" });
  expect(within(answers).getByRole('button', { name: 'Maybe' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(within(answers).getByRole('button', { name: 'Going' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  expect(robin.getByText('Answered by Jordan Winger (Father)')).toBeInTheDocument();
  const alex = within(screen.getByRole('heading', { name: 'Alex Young' }).closest('section')!);
  expect(alex.getByText(noEventsFor('Alex Young'))).toBeInTheDocument();
});

it("when a guardian answers Going for a child, then the RSVP names the child and the child's answer is pressed", async () => {
  storeSession(GUARDIAN);
  let events = [training()];
  const calls = fakeApi({
    'GET /family': () => ({ body: family(events) }),
    'POST /events/e-training/rsvp': () => {
      const answer = {
        user_id: ROBIN,
        status: 'attending' as const,
        response_date: '2026-01-01T00:00:00.000Z',
        answeredBy: { userId: GUARDIAN.id, name: 'Jordan Winger', relation: null },
      };
      events = [training(answer)];
      return { body: { success: true, message: 'RSVP updated successfully', data: answer } };
    },
  });
  renderWithProviders(<FamilyPage />, { path: '/family' });

  const group = await screen.findByRole('group', {
    name: "Robin Young's answer for Tuesday Training",
  });
  await userEvent.click(within(group).getByRole('button', { name: 'Going' }));

  await waitFor(() =>
    expect(within(group).getByRole('button', { name: 'Going' })).toHaveAttribute(
      'aria-pressed',
      'true',
    ),
  );
  expect(await screen.findByText('Answered by Jordan Winger')).toBeInTheDocument();
  const post = calls.find((c) => c.method === 'POST');
  expect(post?.body).toEqual({ status: 'attending', forUserId: ROBIN });
});

it("when a guardian adds an absence for a child, then the entry names the child and the child's answers reload", async () => {
  storeSession(GUARDIAN);
  const calls = fakeApi({
    'GET /family': { body: family([training()]) },
    'POST /availability': (call) => ({
      status: 201,
      body: {
        success: true,
        message: 'Availability entry created successfully',
        data: {
          id: '0c1d2e3f-4444-4a5b-8c9d-0e1f2a3b4c5d',
          user_id: ROBIN,
          start_date: (call.body as { startDate: string }).startDate,
          end_date: (call.body as { endDate: string }).endDate,
          is_available: false,
          reason: 'School trip',
        },
      },
    }),
  });
  renderWithProviders(<FamilyPage />, { path: '/family' });

  await userEvent.click(await screen.findByRole('button', { name: 'Add absence for Robin Young' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add absence for Robin Young' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'School trip');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add Entry' }));

  expect(await screen.findByText('Availability entry created successfully')).toBeInTheDocument();
  const post = calls.find((c) => c.method === 'POST' && c.path === '/availability');
  expect(post?.body).toMatchObject({ isAvailable: false, reason: 'School trip', forUserId: ROBIN });
  await waitFor(() =>
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/family')).toHaveLength(2),
  );
});

it('when no child is linked, then the page says so; when the read fails, then an error with Retry', async () => {
  storeSession(GUARDIAN);
  fakeApi({
    'GET /family': { body: { success: true, timeZone: 'UTC', data: { children: [] } } },
  });
  const first = renderWithProviders(<FamilyPage />, { path: '/family' });
  expect(await screen.findByText(NO_CHILDREN)).toBeInTheDocument();
  first.unmount();

  fakeApi({ 'GET /family': { status: 500, body: { success: false, error: 'Database down' } } });
  renderWithProviders(<FamilyPage />, { path: '/family' });
  expect(await screen.findByText('Database down', {}, { timeout: 8000 })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
});

it('while the family loads, then a loading notice shows', async () => {
  storeSession(GUARDIAN);
  fakeApi({ 'GET /family': () => new Promise(() => undefined) });
  renderWithProviders(<FamilyPage />, { path: '/family' });
  expect(await screen.findByText('Loading your family...')).toBeInTheDocument();
});
