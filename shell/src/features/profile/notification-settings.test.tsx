/**
 * @jest-environment jsdom
 *
 * The Notifications section of /profile: push on this device (unavailable without the app's
 * service worker, turned on after the browser's permission and registered with the server, turned
 * off again), and the per-kind, per-channel choices with quiet hours and the digest, saved as
 * chosen, with the loading and error states. jsdom has no service worker or Push API: the tests
 * stand in the browser's registration, permission and subscription objects.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@teamapp/contracts';
import { fakeApi, renderWithProviders, storeSession, TEST_PLAYER } from '@teamapp/ui/test/dom';
import { keyBytes } from './push-device';
import { browserWithPush, DEVICE, KEY, withoutPush } from './test/push-browser';
import { NotificationSettings } from './notification-settings';

const preferences = (data: NotificationPreferences = DEFAULT_NOTIFICATION_PREFERENCES) => ({
  body: { success: true, data },
});

beforeEach(() => {
  localStorage.clear();
  storeSession(TEST_PLAYER);
  withoutPush();
});

it('when no service worker is registered, then push is unavailable and the choices still load', async () => {
  fakeApi({ 'GET /notifications/preferences': preferences() });
  renderWithProviders(<NotificationSettings />);

  expect(await screen.findByText('Push is unavailable on this device.')).toBeVisible();
  expect(screen.queryByRole('button', { name: /Turn on push/ })).toBeNull();
  const section = screen.getByRole('region', { name: 'Notifications' });
  expect(within(section).getByRole('checkbox', { name: 'Reminders: Push' })).toBeChecked();
  expect(within(section).getByRole('checkbox', { name: 'News: Push' })).not.toBeChecked();
  expect(
    within(section).getByRole('checkbox', { name: 'Chat messages: In the app' }),
  ).toBeChecked();
});

it('when the member turns push on, then the browser asks, subscribes with the server key, and the subscription is sent', async () => {
  const browser = browserWithPush({});
  const calls = fakeApi({
    'GET /notifications/preferences': preferences(),
    'GET /notifications/push-key': { body: { success: true, data: { publicKey: KEY } } },
    'POST /notifications/push-subscriptions': {
      status: 201,
      body: { success: true, data: { endpoint: DEVICE.endpoint } },
    },
  });
  renderWithProviders(<NotificationSettings />);

  expect(await screen.findByText('Push is off on this device.')).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Turn on push for this device' }));

  expect(await screen.findByText('Push is on for this device.')).toBeVisible();
  expect(browser.subscribeCalls).toEqual([
    { userVisibleOnly: true, applicationServerKey: keyBytes(KEY) },
  ]);
  expect(keyBytes(KEY)).toHaveLength(65);
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual(DEVICE);
  expect(screen.getByRole('button', { name: 'Turn off push for this device' })).toBeVisible();
});

it('when the member blocks notifications, then nothing is sent and the page says so', async () => {
  browserWithPush({ permission: 'denied' });
  const calls = fakeApi({
    'GET /notifications/preferences': preferences(),
    'GET /notifications/push-key': { body: { success: true, data: { publicKey: KEY } } },
  });
  renderWithProviders(<NotificationSettings />);

  expect(
    await screen.findByText('Notifications are blocked for this site in your browser settings.'),
  ).toBeVisible();
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
});

it('when the member turns push off, then the browser unsubscribes and the server forgets the device', async () => {
  const browser = browserWithPush({ subscribed: true, permission: 'granted' });
  const calls = fakeApi({
    'GET /notifications/preferences': preferences(),
    'DELETE /notifications/push-subscriptions': { body: { success: true } },
  });
  renderWithProviders(<NotificationSettings />);

  await userEvent.click(
    await screen.findByRole('button', { name: 'Turn off push for this device' }),
  );

  expect(await screen.findByText('Push is off on this device.')).toBeVisible();
  expect(browser.subscribed()).toBe(false);
  expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ endpoint: DEVICE.endpoint });
});

it('when the member changes the choices and saves, then exactly those are sent', async () => {
  const calls = fakeApi({
    'GET /notifications/preferences': preferences(),
    'PUT /notifications/preferences': (call) => ({
      body: { success: true, data: call.body as NotificationPreferences },
    }),
  });
  renderWithProviders(<NotificationSettings />);

  await userEvent.click(await screen.findByRole('checkbox', { name: 'News: Push' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Chat messages: In the app' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Quiet hours' }));
  const from = screen.getByLabelText(/Quiet from/);
  await userEvent.clear(from);
  await userEvent.type(from, '21:30');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Daily digest' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));

  expect(await screen.findByText('Notification settings saved.')).toBeVisible();
  const sent = calls.find((c) => c.method === 'PUT')?.body as NotificationPreferences;
  expect(sent).toEqual({
    kinds: {
      ...DEFAULT_NOTIFICATION_PREFERENCES.kinds,
      news: { inApp: true, mail: false, push: true },
      chat: { inApp: false, mail: false, push: true },
    },
    quietHours: { start: '21:30', end: '07:00' },
    digest: true,
  });
});

it('when saving fails, then the server says why', async () => {
  fakeApi({
    'GET /notifications/preferences': preferences(),
    'PUT /notifications/preferences': {
      status: 400,
      body: { success: false, error: 'quietHours.start must be a time as HH:MM' },
    },
  });
  renderWithProviders(<NotificationSettings />);

  await userEvent.click(await screen.findByRole('button', { name: 'Save notification settings' }));

  expect(await screen.findByText('quietHours.start must be a time as HH:MM')).toBeVisible();
});

it('when the choices cannot load, then an error with Retry shows', async () => {
  let fail = true;
  fakeApi({
    'GET /notifications/preferences': () =>
      fail ? { status: 500, body: { success: false, error: 'Server error.' } } : preferences(),
  });
  renderWithProviders(<NotificationSettings />);

  expect(await screen.findByText(/Server error/)).toBeVisible();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
  await waitFor(() =>
    expect(screen.getByRole('checkbox', { name: 'Reminders: Mail' })).toBeChecked(),
  );
});
