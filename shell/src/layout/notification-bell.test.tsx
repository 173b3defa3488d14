/**
 * @jest-environment jsdom
 *
 * The bell on the live channel: a new notification arrives as a frame (unread count included)
 * without any poll, the bell and the chat page share ONE socket, and a reconnect reloads the
 * list (what arrived while the socket was down).
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@teamapp/contracts';
import { useLiveFrames } from '@teamapp/ui';
import { fakeApi, renderWithProviders, storeSession, TEST_PLAYER } from '@teamapp/ui/test/dom';
import { NotificationBell } from './notification-bell';

/** The browser's WebSocket at the boundary: counts connections, lets a test push frames. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  readyState = 1;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  push(frame: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
  send() {}
  close() {}
  drop() {
    this.readyState = 3;
    act(() => this.onclose?.());
  }
}

const note = (id: string, title: string): Notification => ({
  id,
  title,
  message: `${title} body`,
  is_read: false,
  created_at: new Date().toISOString(),
});

let stored: Notification[];
function api() {
  return fakeApi({
    'POST /chat/ticket': { body: { success: true, data: { ticket: 'tk-1', expiresIn: 30 } } },
    'GET /notifications?limit=20': () => ({ body: { success: true, data: stored } }),
    'GET /notifications/unread-count': () => ({
      body: { success: true, data: { count: stored.filter((n) => !n.is_read).length } },
    }),
  });
}

/** Another listener on the page, as the chat page is. */
function ChatListener({ onFrame }: { onFrame: (type: string) => void }) {
  useLiveFrames((frame) => onFrame(frame.type));
  return null;
}

beforeEach(() => {
  localStorage.clear();
  FakeSocket.all = [];
  stored = [];
  Object.assign(window, { WebSocket: FakeSocket });
});

it('when a notification arrives on the live channel, then the bell shows it and its count without polling', async () => {
  storeSession(TEST_PLAYER);
  const calls = api();
  const seenByChat: string[] = [];
  renderWithProviders(
    <>
      <NotificationBell color="#000" />
      <ChatListener onFrame={(t) => seenByChat.push(t)} />
    </>,
  );
  await screen.findByRole('button', { name: 'Notifications' });
  await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  const socket = FakeSocket.all[0]!;
  expect(socket.url).toBe('ws://localhost/api/chat/live?ticket=tk-1');
  socket.push({ type: 'ready', userId: TEST_PLAYER.id });
  // `ready` reloads the list and the count once (the catch-up), then nothing is fetched again.
  await waitFor(() => {
    expect(calls.filter((c) => c.path === '/notifications/unread-count').length).toBe(2);
    expect(calls.filter((c) => c.path === '/notifications?limit=20').length).toBe(2);
  });
  // Only the bell's own reads count: other providers (the member's teams) read on their own.
  const notificationReads = () => calls.filter((c) => c.path.startsWith('/notifications')).length;
  const fetchesBefore = notificationReads();

  socket.push({ type: 'notification', notification: note('n1', 'Game moved'), unreadCount: 1 });

  const bell = await screen.findByRole('button', { name: 'Notifications (1 unread)' });
  await userEvent.click(bell);
  expect(await screen.findByText('Game moved', {}, { timeout: 5000 })).toBeInTheDocument();
  expect(notificationReads()).toBe(fetchesBefore);
  // One socket for the page: the chat listener saw the same frames on it.
  expect(FakeSocket.all).toHaveLength(1);
  expect(seenByChat).toEqual(['ready', 'notification']);
});

it('when the socket comes back after a drop, then the bell reloads what arrived meanwhile', async () => {
  storeSession(TEST_PLAYER);
  api();
  renderWithProviders(<NotificationBell color="#000" />);
  await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  FakeSocket.all[0]!.push({ type: 'ready', userId: TEST_PLAYER.id });
  await screen.findByRole('button', { name: 'Notifications' });

  FakeSocket.all[0]!.drop();
  stored = [note('n2', 'Training cancelled')];
  await waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 3000 });
  FakeSocket.all[1]!.push({ type: 'ready', userId: TEST_PLAYER.id });

  expect(
    await screen.findByRole('button', { name: 'Notifications (1 unread)' }),
  ).toBeInTheDocument();
});
