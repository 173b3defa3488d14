/**
 * @jest-environment jsdom
 *
 * The admin's event modal on /schedule: required fields, a weekly series with who is away on its
 * dates, the scope of a change to an occurrence, a single event made weekly, the server's errors.
 */
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, storeSession, TEST_ADMIN } from '@teamapp/ui/test/dom';
import { clubParts } from '../../shared/club-time';
import { eventsApi, LATER, SERIES } from './schedule-fixtures';
import { SchedulePage } from './schedule-page';
import { chooseFromMenu } from '../test/menu';

const created = (message = 'Event created successfully') => ({
  status: 201,
  body: { success: true, message, data: { events: [] } },
});
const updated = {
  body: { success: true, message: 'Event updated successfully', data: { events: [] } },
};

async function openAdd() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add New Event' }));
  return within(await screen.findByRole('dialog', { name: 'Add New Event' }));
}

async function openEdit(title: string) {
  await chooseFromMenu(`Actions for ${title}`, 'Edit');
  return within(await screen.findByRole('dialog', { name: 'Edit Event' }));
}

type Dialog = Awaited<ReturnType<typeof openAdd>>;

async function fill(dialog: Dialog, date = '2099-05-06') {
  await userEvent.type(dialog.getByLabelText(/Title/), '  Wednesday Training ');
  await userEvent.type(dialog.getByLabelText(/^Date/), date);
  await userEvent.type(dialog.getByLabelText(/^Time/), '19:00');
  await userEvent.type(dialog.getByLabelText(/Location/), 'North Field');
}

// The machine is shared: give slow renders time before a wait fails.
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => localStorage.clear());

it('when an admin fills the form, then Add Event is enabled only with title, date, time and location', async () => {
  storeSession(TEST_ADMIN);
  const calls = eventsApi([], { 'POST /events': created() });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const dialog = await openAdd();
  const add = dialog.getByRole('button', { name: 'Add Event' });
  expect(dialog.getByLabelText('Type')).toHaveValue('training');
  expect(dialog.getByLabelText('Required attendance')).not.toBeChecked();
  await userEvent.type(dialog.getByLabelText(/Title/), 'Team Meeting');
  await userEvent.type(dialog.getByLabelText(/^Date/), '2099-05-06');
  await userEvent.type(dialog.getByLabelText(/^Time/), '18:30');
  expect(add).toBeDisabled();
  await userEvent.type(dialog.getByLabelText(/Location/), '   ');
  expect(add).toBeDisabled();
  await userEvent.type(dialog.getByLabelText(/Location/), 'Clubhouse');
  await userEvent.selectOptions(dialog.getByLabelText('Type'), 'meeting');
  await userEvent.type(dialog.getByLabelText('Description'), 'Season plan');
  expect(add).toBeEnabled();
  await userEvent.click(add);

  expect(await screen.findByText('Event created successfully')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    title: 'Team Meeting',
    eventDate: '2099-05-06T18:30',
    location: 'Clubhouse',
    type: 'meeting',
    description: 'Season plan',
    isRequired: false,
  });
  // The list is read again after the change.
  expect(calls.filter((c) => c.method === 'GET' && c.path === '/events')).toHaveLength(2);
});

it('when an admin adds a weekly training, then the rule is sent and who is away on its dates shows', async () => {
  storeSession(TEST_ADMIN);
  const away = (date: string, name: string, reason: string) => ({
    date,
    away: [{ user_id: name, name, reason }],
  });
  const calls = eventsApi([], {
    'GET /events/conflicts?date=2099-05-06': {
      body: { success: true, data: [away('2099-05-06', 'Sam Striker', 'Holiday')] },
    },
    'GET /events/conflicts?date=2099-05-06&date=2099-05-11&date=2099-05-13': {
      body: {
        success: true,
        data: [
          away('2099-05-06', 'Sam Striker', 'Holiday'),
          { date: '2099-05-11', away: [] },
          away('2099-05-13', 'Alex Keeper', 'Injury'),
        ],
      },
    },
    'POST /events': created('Events created successfully'),
  });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const dialog = await openAdd();
  await fill(dialog);
  expect(await dialog.findByText('Sam Striker (Holiday)')).toBeInTheDocument();
  await userEvent.click(dialog.getByLabelText('Required attendance'));
  await userEvent.click(dialog.getByLabelText('Repeat weekly'));
  // The picked date's weekday is chosen to start with.
  expect(dialog.getByRole('checkbox', { name: 'Wed' })).toBeChecked();
  await userEvent.click(dialog.getByRole('checkbox', { name: 'Mon' }));
  const count = dialog.getByLabelText('Number of events');
  await userEvent.clear(count);
  await userEvent.type(count, '3');

  expect(await dialog.findByText('Players away on 2 of 3 dates')).toBeInTheDocument();
  expect(dialog.getByText('Wed, May 13, 2099: Alex Keeper (Injury)')).toBeInTheDocument();
  await userEvent.click(dialog.getByRole('button', { name: 'Add Event' }));

  expect(await screen.findByText('Events created successfully')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    title: 'Wednesday Training',
    eventDate: '2099-05-06T19:00',
    location: 'North Field',
    type: 'training',
    description: '',
    isRequired: true,
    recurrence: { weekdays: ['MO', 'WE'], count: 3 },
  });
});

it('when a series ends on a date, then Until is sent and Add waits for it', async () => {
  storeSession(TEST_ADMIN);
  const calls = eventsApi([], { 'POST /events': created('Events created successfully') });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const dialog = await openAdd();
  await fill(dialog);
  await userEvent.click(dialog.getByLabelText('Repeat weekly'));
  await userEvent.click(dialog.getByText('On a date'));
  const add = dialog.getByRole('button', { name: 'Add Event' });
  expect(add).toBeDisabled();
  await userEvent.type(dialog.getByLabelText('Until'), '2099-06-30');
  await userEvent.click(dialog.getByRole('checkbox', { name: 'Wed' }));
  expect(add).toBeDisabled();
  await userEvent.click(dialog.getByRole('checkbox', { name: 'Fri' }));
  await userEvent.click(add);

  expect(await screen.findByText('Events created successfully')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
    recurrence: { weekdays: ['FR'], until: '2099-06-30' },
  });
});

it('when an admin edits an occurrence of a series, then it asks which events and sends the scope', async () => {
  storeSession(TEST_ADMIN);
  const calls = eventsApi([SERIES], { 'PUT /events/e-series?scope=following': updated });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const dialog = await openEdit('Weekly Practice');
  // The form shows the club's wall-clock time of the event.
  expect(dialog.getByLabelText(/^Time/)).toHaveValue(
    clubParts(SERIES.event_date, 'America/New_York').time,
  );
  expect(dialog.getByRole('radio', { name: 'This event' })).toBeChecked();
  expect(dialog.queryByLabelText('Number of events')).not.toBeInTheDocument();
  await userEvent.click(dialog.getByRole('radio', { name: 'This and following events' }));
  // The series' own rule, to keep or change.
  expect(dialog.getByRole('checkbox', { name: 'Wed' })).toBeChecked();
  expect(dialog.getByLabelText('Number of events')).toHaveValue('4');
  const where = dialog.getByLabelText(/Location/);
  await userEvent.clear(where);
  await userEvent.type(where, 'South Field');
  await userEvent.click(dialog.getByRole('button', { name: 'Save Event' }));

  expect(await screen.findByText('Event updated successfully')).toBeInTheDocument();
  const put = calls.find((c) => c.method === 'PUT');
  expect(put?.path).toBe('/events/e-series?scope=following');
  expect(put?.body).toMatchObject({
    location: 'South Field',
    recurrence: { weekdays: ['WE'], count: 4 },
  });
});

it('when an admin changes one occurrence only, then no rule is sent', async () => {
  storeSession(TEST_ADMIN);
  const calls = eventsApi([SERIES], { 'PUT /events/e-series?scope=this': updated });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const dialog = await openEdit('Weekly Practice');
  await userEvent.type(dialog.getByLabelText(/Title/), ' (moved)');
  await userEvent.click(dialog.getByRole('button', { name: 'Save Event' }));

  expect(await screen.findByText('Event updated successfully')).toBeInTheDocument();
  const put = calls.find((c) => c.method === 'PUT');
  expect(put?.path).toBe('/events/e-series?scope=this');
  expect(put?.body).toMatchObject({ title: 'Weekly Practice (moved)' });
  expect(put?.body).not.toHaveProperty('recurrence');
});

it('when an admin makes a single event weekly, then its rule goes with the change, without a scope', async () => {
  storeSession(TEST_ADMIN);
  const calls = eventsApi([LATER], { 'PUT /events/e-later': updated });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const dialog = await openEdit('Cup Final');
  expect(dialog.queryByRole('radio', { name: 'This event' })).not.toBeInTheDocument();
  await userEvent.click(dialog.getByLabelText('Repeat weekly'));
  await userEvent.click(dialog.getByRole('button', { name: 'Save Event' }));

  expect(await screen.findByText('Event updated successfully')).toBeInTheDocument();
  const put = calls.find((c) => c.method === 'PUT');
  expect(put?.path).toBe('/events/e-later');
  // May 1, 2099 in New York is a Friday.
  expect(put?.body).toMatchObject({ recurrence: { weekdays: ['FR'], count: 4 } });
});

it('when the server refuses the event, then its error text shows and the form stays open', async () => {
  storeSession(TEST_ADMIN);
  eventsApi([], {
    'POST /events': {
      status: 400,
      body: {
        success: false,
        error: 'recurrence must end within 2 years of the first event',
        code: 'bad_request',
      },
    },
  });
  renderWithProviders(<SchedulePage />, { path: '/schedule' });

  const dialog = await openAdd();
  await fill(dialog);
  await userEvent.click(dialog.getByRole('button', { name: 'Add Event' }));

  expect(
    await dialog.findByText('recurrence must end within 2 years of the first event'),
  ).toBeInTheDocument();
  expect(dialog.getByLabelText(/Title/)).toHaveValue('  Wednesday Training ');
});
