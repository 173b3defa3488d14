/**
 * @jest-environment jsdom
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
} from '@teamapp/ui/test/dom';
import { RESTRICTED_NOTICE, SettingsPage } from './components/settings-page';

const DEFAULTS = {
  appTitle: 'TeamApp',
  headerColor: '#2563eb',
  logoBackground: 'transparent',
  logoUrl: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => localStorage.clear());

async function openAsAdmin(routes: Parameters<typeof fakeApi>[0]) {
  storeSession(TEST_ADMIN);
  const calls = fakeApi({
    'GET /settings': { body: { success: true, data: DEFAULTS } },
    ...routes,
  });
  renderWithProviders(<SettingsPage />, { path: '/settings' });
  const title = await screen.findByLabelText(/Application Title/);
  return { calls, title };
}

it('when an admin saves a new title, then the server gets it and the success message shows', async () => {
  const { calls, title } = await openAsAdmin({
    'PUT /settings': ({ body }) => ({
      body: { success: true, data: { ...DEFAULTS, ...(body as object) } },
    }),
  });

  await userEvent.clear(title);
  await userEvent.type(title, 'Riverside FC');
  await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

  expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
  const put = calls.find((c) => c.method === 'PUT');
  expect(put?.body).toMatchObject({ appTitle: 'Riverside FC', headerColor: '#2563eb' });
  expect(put?.headers.Authorization).toBe('Bearer test-token');
});

it('when an admin chooses to leave young players off the public page, then Save sends it and it stays chosen', async () => {
  const { calls } = await openAsAdmin({
    'PUT /settings': ({ body }) => ({
      body: { success: true, data: { ...DEFAULTS, ...(body as object) } },
    }),
  });
  // The choice is a labelled radio group (getByRole fails without it).
  screen.getByRole('radiogroup', { name: /Young players on the public page/ });
  expect(screen.getByRole('radio', { name: 'First name and initial' })).toBeChecked();

  await userEvent.click(screen.getByRole('radio', { name: 'Not shown' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

  expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ showcaseMinors: 'hidden' });
  expect(screen.getByRole('radio', { name: 'Not shown' })).toBeChecked();
});

it('when an admin sets the adult age to 17, then Save sends it as a number', async () => {
  const { calls } = await openAsAdmin({
    'PUT /settings': ({ body }) => ({
      body: { success: true, data: { ...DEFAULTS, ...(body as object) } },
    }),
  });
  const age = screen.getByRole('spinbutton', { name: 'Adult age' });
  expect(age).toHaveValue(18);
  expect(age).toHaveAccessibleDescription(
    'Members under this age are young players: their guardians answer for them.',
  );

  await userEvent.clear(age);
  await userEvent.type(age, '17');
  await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

  expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ adultAge: 17 });
  expect(screen.getByRole('spinbutton', { name: 'Adult age' })).toHaveValue(17);
});

it('when the adult age is out of bounds, then the field says so and nothing is sent', async () => {
  const { calls } = await openAsAdmin({});
  const age = screen.getByRole('spinbutton', { name: 'Adult age' });

  await userEvent.clear(age);
  await userEvent.type(age, '30');
  await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

  expect(await screen.findByText('Enter a whole number from 14 to 21.')).toBeInTheDocument();
  expect(age).toHaveAttribute('aria-invalid', 'true');
  expect(calls.some((c) => c.method === 'PUT')).toBe(false);
});

it('when the server refuses the save with a message, then that message shows, not the fallback', async () => {
  const { title } = await openAsAdmin({
    'PUT /settings': {
      status: 400,
      body: { success: false, error: 'appTitle must be at most 100 characters' },
    },
  });

  await userEvent.type(title, ' FC');
  await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

  const message = await screen.findByText('appTitle must be at most 100 characters');
  expect(message.closest('[role="alert"]')).not.toBeNull();
  expect(screen.queryByText('Failed to save settings')).not.toBeInTheDocument();
});

it('when the save fails without a server message, then the documented fallback text shows', async () => {
  const { title } = await openAsAdmin({ 'PUT /settings': { status: 502 } });

  await userEvent.type(title, ' FC');
  await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

  const message = await screen.findByText('Failed to save settings');
  expect(message.closest('[role="alert"]')).not.toBeNull();
});

it('when a player opens the page, then the restricted notice shows and no form', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({ 'GET /settings': { body: { success: true, data: DEFAULTS } } });

  renderWithProviders(<SettingsPage />, { path: '/settings' });

  expect(await screen.findByText(RESTRICTED_NOTICE)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByLabelText(/Application Title/)).toBeNull());
});

describe('the logo upload', () => {
  it('when an admin picks a GIF, then the documented message shows and nothing is sent', async () => {
    const { calls } = await openAsAdmin({});
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46, 0x38])], 'crest.gif', {
      type: 'image/gif',
    });

    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('Upload logo'), gif);

    expect(await screen.findByText('Please select a valid image file.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('when an admin picks a PNG, then it is sent as a data string and the success message shows', async () => {
    const { calls } = await openAsAdmin({
      'POST /settings/logo': ({ body }) => ({
        body: { success: true, data: { ...DEFAULTS, ...(body as object) } },
      }),
    });
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'crest.png', {
      type: 'image/png',
    });

    expect(screen.getByText('PNG, JPEG or WebP, up to 2MB')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Upload logo'), png);

    expect(await screen.findByText('Logo uploaded successfully!')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect((post?.body as { logoUrl: string }).logoUrl).toMatch(/^data:image\/png;base64,/);
  });
});
