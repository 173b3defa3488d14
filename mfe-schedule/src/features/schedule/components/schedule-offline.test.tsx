/**
 * @jest-environment jsdom
 *
 * /schedule offline (reference §2 "Installing and offline use"): the events last seen, marked
 * offline with when they were last updated, and an answer given without a network kept by the
 * service worker (its 503 `waiting_to_send`): shown chosen with "Waiting to send" and no error,
 * until the worker says it went. jsdom has no service worker: its messages to the page are handed
 * to the page's store as the browser would deliver them (takeWorkerMessage).
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { takeWorkerMessage } from '@teamapp/ui';
import {
  renderWithProviders,
  servedFromCache,
  storeSession,
  TEST_PLAYER,
} from '@teamapp/ui/test/dom';
import { eventsApi, SOON } from './schedule-fixtures';
import { SchedulePage } from './schedule-page';

configure({ asyncUtilTimeout: 4000 });

it('when a member answers offline, then the answer shows chosen and waiting until it is sent, and the list says it is offline', async () => {
  storeSession(TEST_PLAYER);
  const calls = eventsApi([SOON], {
    'POST /events/e-soon/rsvp': {
      status: 503,
      body: { success: false, error: 'Waiting to send', code: 'waiting_to_send' },
    },
  });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });
  const card = within(await screen.findByRole('article', { name: 'Tuesday Training' }));

  const offline = await servedFromCache('/api/events');
  expect(offline.closest('[role=status]')).toHaveAttribute('aria-live', 'polite');

  await userEvent.click(card.getByRole('button', { name: 'Going' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
  act(() =>
    takeWorkerMessage({
      type: 'SENDS_WAITING',
      sends: [
        { path: '/api/events/e-soon/rsvp', body: '{"status":"attending"}', queuedAt: 1 },
        // A guardian's answer for a child is not the member's own.
        {
          path: '/api/events/e-soon/rsvp',
          body: '{"status":"not-attending","forUserId":"child"}',
          queuedAt: 2,
        },
      ],
      sent: 0,
    }),
  );
  const waiting = await card.findByText('Waiting to send');
  expect(waiting.closest('[role=status]')).toHaveAttribute('aria-live', 'polite');
  expect(card.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');
  expect(card.getByRole('button', { name: "Can't Go" })).toHaveAttribute('aria-pressed', 'false');
  expect(screen.queryByText('Failed to update RSVP')).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  act(() => takeWorkerMessage({ type: 'SERVED_FRESH', url: 'http://localhost/api/events' }));
  act(() => takeWorkerMessage({ type: 'SENDS_WAITING', sends: [], sent: 1 }));
  await waitFor(() => expect(card.queryByText('Waiting to send')).not.toBeInTheDocument());
  expect(screen.queryByText(/^Offline — last updated/)).not.toBeInTheDocument();
});
