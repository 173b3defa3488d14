/**
 * @jest-environment jsdom
 *
 * The schedule for families (docs/reference.md "Families"): a guardian's events name the child
 * they are for with the child's answer and who gave it; whoever runs an event reads, under
 * Answers, "Going, answered by {guardian} ({relation})" where a guardian answered.
 */
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, storeSession, TEST_ADMIN, TEST_PLAYER } from '@teamapp/ui/test/dom';
import { eventsApi, SOON } from './schedule-fixtures';
import { SchedulePage } from './schedule-page';

configure({ asyncUtilTimeout: 4000 });

const ROBIN = '0c1d2e3f-1111-4a5b-8c9d-0e1f2a3b4c5d';
const BY_FATHER = { userId: TEST_PLAYER.id, name: 'Jordan Winger', relation: 'Father' };

beforeEach(() => localStorage.clear());

it("when a guardian's child is invited to an event, then it shows whose it is and the child's answer", async () => {
  storeSession({ ...TEST_PLAYER, children: [ROBIN] } as typeof TEST_PLAYER);
  const entry = {
    user_id: ROBIN,
    status: 'attending' as const,
    response_date: '2026-01-01T00:00:00.000Z',
    answeredBy: BY_FATHER,
  };
  eventsApi([{ ...SOON, attendees: [] }], {
    'GET /events': {
      body: {
        success: true,
        events: [{ ...SOON, attendees: [] }],
        timeZone: 'America/New_York',
        children: { [SOON.id]: [entry] },
      },
    },
    'GET /family': {
      body: {
        success: true,
        timeZone: 'America/New_York',
        data: { children: [{ id: ROBIN, name: 'Robin Young', teams: [], events: [] }] },
      },
    },
  });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const card = within(await screen.findByRole('article', { name: 'Tuesday Training' }));
  expect(await card.findByText('For Robin Young')).toBeInTheDocument();
  expect(card.getByText('Going, answered by Jordan Winger (Father)')).toBeInTheDocument();
});

it('when a club admin reads the answers, then an answer a guardian gave says who gave it', async () => {
  storeSession(TEST_ADMIN);
  eventsApi(
    [
      {
        ...SOON,
        attendees: [
          {
            user_id: ROBIN,
            status: 'attending',
            response_date: '2026-01-01T00:00:00.000Z',
            answeredBy: BY_FATHER,
          },
          {
            user_id: TEST_PLAYER.id,
            status: 'not-attending',
            response_date: null,
            reason: 'Unavailable: School trip',
            auto: true,
          },
        ],
      },
    ],
    {
      'GET /user/all': {
        body: {
          success: true,
          data: [
            { ...TEST_PLAYER, id: ROBIN, name: 'Robin Young', email: '', has_login: false },
            TEST_PLAYER,
          ],
        },
      },
    },
  );
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const card = within(await screen.findByRole('article', { name: 'Tuesday Training' }));
  await userEvent.click(card.getByText('Answers (2)'));
  const answers = within(card.getByRole('list', { name: 'Answers for Tuesday Training' }));
  expect(
    await answers.findByText('Robin Young: Going, answered by Jordan Winger (Father)'),
  ).toBeInTheDocument();
  expect(
    answers.getByText("Jordan Winger: Can't Go (Unavailable: School trip)"),
  ).toBeInTheDocument();
});
