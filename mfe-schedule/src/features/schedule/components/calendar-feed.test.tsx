/**
 * @jest-environment jsdom
 *
 * "Your calendar" on /schedule: the private feed address, Copy, and Regenerate after a question.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithProviders, storeSession, TEST_PLAYER } from '@teamapp/ui/test/dom';
import { CONFIRM_REGENERATE } from './calendar-feed';
import { eventsApi, FEED_URL } from './schedule-fixtures';
import { SchedulePage } from './schedule-page';

const NEW_URL = 'http://club.test/api/calendar/new.ics';

// The machine is shared: give slow renders time before a wait fails.
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => localStorage.clear());

it('when a member copies the address, then it goes to the clipboard', async () => {
  storeSession(TEST_PLAYER);
  const writeText = jest.fn(async () => undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  eventsApi([]);
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const field = await screen.findByLabelText('Calendar feed URL');
  await waitFor(() => expect(field).toHaveValue(FEED_URL));
  expect(field).toHaveAttribute('readonly');
  await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
  expect(writeText).toHaveBeenCalledWith(FEED_URL);
  expect(await screen.findByText('Calendar address copied')).toBeInTheDocument();
});

it('when a member regenerates, then it asks first, and the new address replaces the old', async () => {
  storeSession(TEST_PLAYER);
  const calls = eventsApi([], {
    'POST /calendar/feed/regenerate': { body: { success: true, data: { url: NEW_URL } } },
  });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });
  const field = await screen.findByLabelText('Calendar feed URL');
  await waitFor(() => expect(field).toHaveValue(FEED_URL));

  await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
  let dialog = within(await screen.findByRole('dialog', { name: 'New Calendar Address' }));
  expect(dialog.getByText(CONFIRM_REGENERATE)).toBeInTheDocument();
  await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.some((c) => c.method === 'POST')).toBe(false);

  await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
  dialog = within(await screen.findByRole('dialog', { name: 'New Calendar Address' }));
  await userEvent.click(dialog.getByRole('button', { name: 'Regenerate' }));
  await waitFor(() => expect(field).toHaveValue(NEW_URL));
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
    '/calendar/feed/regenerate',
  ]);
});

it('when the address cannot be read, then the error shows with Retry', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({
    'GET /events': { body: { success: true, events: [], timeZone: 'UTC' } },
    'GET /calendar/feed': {
      status: 503,
      body: { success: false, error: 'Calendar feeds are unavailable right now' },
    },
  });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  expect(
    await screen.findByText('Calendar feeds are unavailable right now', undefined, {
      timeout: 5000,
    }),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
});
