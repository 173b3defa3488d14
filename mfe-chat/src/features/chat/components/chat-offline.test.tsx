/**
 * @jest-environment jsdom
 *
 * A chat room offline (reference §2 "Installing and offline use"): the messages last seen,
 * marked offline with when they were last updated, and a message sent without a network kept by
 * the service worker (its 503 `waiting_to_send`) shown at the end marked "Waiting to send" until
 * the worker says it went. jsdom has no service worker: its messages to the page are handed to
 * the page's store as the browser would deliver them (takeWorkerMessage).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage } from '@teamapp/contracts';
import { takeWorkerMessage } from '@teamapp/ui';
import {
  fakeApi,
  renderWithProviders,
  servedFromCache,
  storeSession,
  TEST_PLAYER,
} from '@teamapp/ui/test/dom';
import { ChatPage } from './chat-page';

const ROOM = {
  id: 'r-team',
  name: 'First Team',
  description: '',
  type: 'group' as const,
  memberCount: 3,
  lastMessage: null,
  unreadCount: 0,
  createdBy: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  teamId: null,
  teamRoom: false,
};
const message = (id: string, content: string, clientId: string | null = null): ChatMessage => ({
  id,
  roomId: ROOM.id,
  senderId: TEST_PLAYER.id,
  senderName: TEST_PLAYER.name,
  content,
  messageType: 'text',
  createdAt: '2026-11-20T18:05:00.000Z',
  isEdited: false,
  clientId,
});

class QuietSocket {
  readyState = 0;
  onmessage = null;
  onclose = null;
  send() {}
  close() {}
}

beforeEach(() => {
  localStorage.clear();
  Object.assign(window, { WebSocket: QuietSocket });
});

it('when a member writes in a room offline, then it shows as waiting until the worker sent it, and the room says it is offline', async () => {
  storeSession(TEST_PLAYER);
  let messages = [message('m1', 'Training moved')];
  const calls = fakeApi({
    'GET /chat': { body: { success: true, chatRooms: [ROOM] } },
    'GET /chat/r-team/messages': () => ({ body: { success: true, hasMore: false, messages } }),
    'POST /chat/r-team/messages': {
      status: 503,
      body: { success: false, error: 'Waiting to send', code: 'waiting_to_send' },
    },
  });
  renderWithProviders(<ChatPage />, { path: '/chat' });
  await userEvent.click(await screen.findByRole('button', { name: /First Team/ }));
  const log = await screen.findByRole('log', { name: 'Messages in First Team' });
  await within(log).findByText('Training moved');

  // The worker gave the room from its cache.
  const offline = await servedFromCache('/api/chat/r-team/messages');
  expect(offline.closest('[role=status]')).toHaveAttribute('aria-live', 'polite');

  const box = screen.getByLabelText('Message');
  await userEvent.type(box, 'Running late{Enter}');
  await waitFor(() => expect(box).toHaveValue(''));
  const sent = calls.find((c) => c.method === 'POST' && c.path === '/chat/r-team/messages');
  const body = sent?.body as { content: string; clientId: string };

  // The worker kept it and tells the page.
  act(() =>
    takeWorkerMessage({
      type: 'SENDS_WAITING',
      sends: [{ path: '/api/chat/r-team/messages', body: JSON.stringify(body), queuedAt: 1 }],
      sent: 0,
    }),
  );
  const waiting = (await within(log).findByText('Running late')).closest('li')!;
  expect(within(waiting).getByText(/Waiting to send/)).toBeInTheDocument();
  expect(screen.queryByText('Failed to send message')).not.toBeInTheDocument();

  // Back online the worker sent it (the shell then has every screen read again): not waiting.
  messages = [...messages, message('m2', 'Running late', body.clientId)];
  act(() =>
    takeWorkerMessage({ type: 'SERVED_FRESH', url: 'http://localhost/api/chat/r-team/messages' }),
  );
  act(() => takeWorkerMessage({ type: 'SENDS_WAITING', sends: [], sent: 1 }));
  await waitFor(() => expect(within(log).queryByText(/Waiting to send/)).not.toBeInTheDocument());
  expect(screen.queryByText(/^Offline — last updated/)).not.toBeInTheDocument();
});
