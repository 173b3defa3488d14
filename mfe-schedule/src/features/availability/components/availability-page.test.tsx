/**
 * @jest-environment jsdom
 *
 * /availability: the 42-day Sunday-first month with unavailable days marked in words, month
 * navigation, adding an entry (reason only when Not Available) and deleting one after the reference's
 * confirmation.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AvailabilityEntry } from '@teamapp/contracts';
import { fakeApi, renderWithProviders, storeSession, TEST_PLAYER } from '@teamapp/ui/test/dom';
import { AvailabilityPage, CONFIRM_DELETE, NO_ENTRIES } from './availability-page';

const AWAY: AvailabilityEntry = {
  id: '0b7f6a52-8a4e-4c61-9d0f-3b1e2a9c7d11',
  user_id: TEST_PLAYER.id,
  start_date: '2026-11-09',
  end_date: '2026-11-11',
  is_available: false,
  reason: 'Work trip',
};

beforeEach(() => localStorage.clear());

/** The page as on Nov 23, 2026. */
const page = () => <AvailabilityPage today="2026-11-23" />;

it('a month is 42 days from the Sunday on or before the 1st', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({ 'GET /availability': { body: { success: true, data: [] } } });
  const shown = async (today: string, name: string) => {
    const view = renderWithProviders(<AvailabilityPage today={today} />, {
      path: '/availability',
    });
    const grid = await screen.findByRole('table', { name });
    const days = [...grid.querySelectorAll('[data-date]')].map((d) => d.getAttribute('data-date'));
    expect(within(grid).getAllByRole('cell')).toHaveLength(42);
    view.unmount();
    return days;
  };

  const november = await shown('2026-11-23', 'Availability in November 2026');
  expect(november).toHaveLength(42);
  expect(november[0]).toBe('2026-11-01');
  expect((await shown('2026-03-10', 'Availability in March 2026'))[0]).toBe('2026-03-01');
  const feb = await shown('2027-02-10', 'Availability in February 2027');
  expect(feb[0]).toBe('2027-01-31');
  expect(feb[41]).toBe('2027-03-13');
});

it('when a member has a Not Available entry, then its days are marked and the entry is listed', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({ 'GET /availability': { body: { success: true, data: [AWAY] } } });
  renderWithProviders(page(), { path: '/availability' });

  expect(await screen.findByRole('heading', { level: 1, name: 'My Availability' })).toBeVisible();
  expect(await screen.findByText('Nov 9, 2026 – Nov 11, 2026')).toBeInTheDocument();
  const grid = screen.getByRole('table', { name: 'Availability in November 2026' });
  expect(
    within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  expect(within(grid).getAllByRole('cell')).toHaveLength(42);
  expect(grid.querySelectorAll('[data-unavailable="true"]')).toHaveLength(3);
  expect(
    within(grid).getByText('Tuesday, November 10, 2026, unavailable: Work trip'),
  ).toBeInTheDocument();
  expect(screen.getByText('Work trip')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
  const december = screen.getByRole('table', { name: 'Availability in December 2026' });
  expect(december.querySelectorAll('[data-unavailable="true"]')).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
  await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
  expect(screen.getByRole('table', { name: 'Availability in October 2026' })).toBeInTheDocument();
});

it('when a member adds a Not Available range, then the entry is sent with its reason; Available omits it', async () => {
  storeSession(TEST_PLAYER);
  const calls = fakeApi({
    'GET /availability': { body: { success: true, data: [] } },
    'POST /availability': {
      status: 201,
      body: { success: true, message: 'Availability entry created successfully', data: AWAY },
    },
  });
  renderWithProviders(page(), { path: '/availability' });
  expect(await screen.findByText(NO_ENTRIES)).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Add Availability' }));
  let dialog = await screen.findByRole('dialog', { name: 'Add Availability' });
  const start = within(dialog).getByLabelText(/Start Date/);
  await userEvent.clear(start);
  await userEvent.type(start, '2026-11-09');
  const end = within(dialog).getByLabelText(/End Date/);
  await userEvent.clear(end);
  await userEvent.type(end, '2026-11-11');
  await userEvent.type(within(dialog).getByLabelText('Reason'), '  Work trip ');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add Entry' }));

  expect(await screen.findByText('Availability entry created successfully')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    startDate: '2026-11-09',
    endDate: '2026-11-11',
    isAvailable: false,
    reason: 'Work trip',
  });

  await userEvent.click(screen.getByRole('button', { name: 'Add Availability' }));
  dialog = await screen.findByRole('dialog', { name: 'Add Availability' });
  await userEvent.click(within(dialog).getByRole('radio', { name: 'Available' }));
  expect(within(dialog).queryByLabelText('Reason')).not.toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add Entry' }));
  await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
  expect(calls.filter((c) => c.method === 'POST')[1]?.body).toEqual({
    startDate: '2026-11-23',
    endDate: '2026-11-23',
    isAvailable: true,
  });
});

it("when the range ends before it starts, then the server's error shows in the dialog", async () => {
  storeSession(TEST_PLAYER);
  fakeApi({
    'GET /availability': { body: { success: true, data: [] } },
    'POST /availability': {
      status: 400,
      body: { success: false, error: 'endDate must not be before startDate' },
    },
  });
  renderWithProviders(page(), { path: '/availability' });

  await userEvent.click(await screen.findByRole('button', { name: 'Add Availability' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Availability' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add Entry' }));

  expect(
    await within(dialog).findByText('endDate must not be before startDate'),
  ).toBeInTheDocument();
});

it('when the server fails without a message, then the reference text shows in the dialog', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({
    'GET /availability': { body: { success: true, data: [] } },
    'POST /availability': { status: 500, body: {} },
  });
  renderWithProviders(page(), { path: '/availability' });

  await userEvent.click(await screen.findByRole('button', { name: 'Add Availability' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Availability' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add Entry' }));

  expect(
    await within(dialog).findByText('Failed to create availability entry'),
  ).toBeInTheDocument();
});

it('when the typed end is before the start, then the rule shows under End Date and nothing is sent', async () => {
  storeSession(TEST_PLAYER);
  const calls = fakeApi({ 'GET /availability': { body: { success: true, data: [] } } });
  renderWithProviders(page(), { path: '/availability' });

  await userEvent.click(await screen.findByRole('button', { name: 'Add Availability' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Availability' });
  const end = within(dialog).getByLabelText(/End Date/);
  await userEvent.clear(end);
  await userEvent.type(end, '11/20/2026');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add Entry' }));

  expect(
    await within(dialog).findByText('endDate must not be before startDate'),
  ).toBeInTheDocument();
  expect(end).toHaveFocus();
  expect(end).toHaveAttribute('aria-invalid', 'true');
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

it('when a member deletes an entry, then it asks first and the DELETE goes out', async () => {
  storeSession(TEST_PLAYER);
  const calls = fakeApi({
    'GET /availability': { body: { success: true, data: [AWAY] } },
    [`DELETE /availability/${AWAY.id}`]: {
      body: { success: true, message: 'Availability entry deleted successfully' },
    },
  });
  renderWithProviders(page(), { path: '/availability' });

  await userEvent.click(
    await screen.findByRole('button', {
      name: 'Delete availability entry Nov 9, 2026 – Nov 11, 2026',
    }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Delete Availability Entry' });
  expect(within(dialog).getByText(CONFIRM_DELETE)).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

  expect(await screen.findByText('Availability entry deleted successfully')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
});
