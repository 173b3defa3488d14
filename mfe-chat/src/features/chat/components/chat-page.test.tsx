/**
 * @jest-environment jsdom
 *
 * /chat: rooms with search, count and preview; "Select a chat room"; messages with sender, time,
 * own on the right and "(edited)"; the composer's Enter / Shift+Enter and blank rule; a send
 * with a client id; the admin's New Room (group, private with members, "No users available")
 * and delete after the reference's question; players without those controls; live messages, unread
 * badges and the read frame, catch-up after a reconnect, older messages on scroll up.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage, ChatRoom } from '@teamapp/contracts';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
  type Reply,
} from '@teamapp/ui/test/dom';
import { ChatPage, CONFIRM_DELETE } from './chat-page';

const room = (id: string, name: string, over: Partial<ChatRoom> = {}): ChatRoom => ({
  id,
  name,
  description: '',
  type: 'group',
  memberCount: 3,
  lastMessage: null,
  unreadCount: 0,
  createdBy: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  teamId: null,
  teamRoom: false,
  ...over,
});
const TEAM = room('r-team', 'First Team', {
  lastMessage: {
    senderName: 'Sam Striker',
    content: 'Training moved to the north f',
    createdAt: '2026-11-20T18:05:00.000Z',
  },
});
const KEEPERS = room('r-keepers', 'Goalkeepers', { type: 'private', memberCount: 2 });
const msg = (
  id: string,
  senderId: string,
  senderName: string,
  content: string,
  over: Partial<ChatMessage> = {},
): ChatMessage => ({
  id,
  roomId: 'r-team',
  senderId,
  senderName,
  content,
  messageType: 'text',
  createdAt: '2026-11-20T18:05:00.000Z',
  isEdited: false,
  clientId: null,
  ...over,
});

function api(extra: Record<string, Reply | ((c: { body: unknown }) => Reply)> = {}) {
  return fakeApi({
    'GET /chat': { body: { success: true, chatRooms: [TEAM, KEEPERS] } },
    'GET /chat/r-team/messages': {
      body: {
        success: true,
        hasMore: false,
        messages: [
          msg('m1', 'someone', 'Sam Striker', 'Training moved'),
          msg('m2', TEST_PLAYER.id, TEST_PLAYER.name, 'See you there', { isEdited: true }),
        ],
      },
    },
    ...extra,
  });
}

/** The browser's WebSocket, at the boundary: records where it connects and lets a test push frames. */
class FakeSocket {
  static last: FakeSocket | null = null;
  static opened = 0;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  readyState = 1;
  sent: unknown[] = [];
  constructor(readonly url: string) {
    FakeSocket.last = this;
    FakeSocket.opened += 1;
  }
  push(frame: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {}
  /** The connection drops (the server went away). */
  drop() {
    this.readyState = 3;
    act(() => this.onclose?.());
  }
}

beforeEach(() => {
  localStorage.clear();
  FakeSocket.last = null;
  FakeSocket.opened = 0;
  Object.assign(window, { WebSocket: FakeSocket });
});

it('when a member opens /chat, then rooms show with count and preview, searchable, and nothing is open yet', async () => {
  storeSession(TEST_PLAYER);
  api();
  renderWithProviders(<ChatPage />, { path: '/chat' });

  const rooms = await screen.findByRole('navigation', { name: 'Chat rooms' });
  const team = await within(rooms).findByRole('button', { name: /First Team/ });
  expect(team).toHaveTextContent('3 members');
  expect(team).toHaveTextContent('Sam Striker: Training moved to the north f');
  expect(screen.getByText('Select a chat room')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'New Room' })).not.toBeInTheDocument();

  await userEvent.type(screen.getByLabelText('Search rooms'), 'goal');
  expect(within(rooms).queryByRole('button', { name: /First Team/ })).not.toBeInTheDocument();
  expect(within(rooms).getByRole('button', { name: /Goalkeepers/ })).toBeInTheDocument();
});

it('when a member opens a room, then messages show with sender and time, own on the right and (edited)', async () => {
  storeSession(TEST_PLAYER);
  api();
  renderWithProviders(<ChatPage />, { path: '/chat' });

  await userEvent.click(await screen.findByRole('button', { name: /First Team/ }));
  const log = await screen.findByRole('log', { name: 'Messages in First Team' });
  await within(log).findByText('Training moved');
  expect(within(log).getByText('Sam Striker')).toBeInTheDocument();
  const mine = within(log).getByText('See you there').closest('li')!;
  expect(mine).toHaveStyle({ alignSelf: 'flex-end' });
  expect(within(mine).getByText(/\(edited\)/)).toBeInTheDocument();
  expect(within(mine).getByText('You')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete Room' })).not.toBeInTheDocument();
});

it('when a member types, then Shift+Enter breaks the line, Enter sends once with a client id, and the text clears', async () => {
  storeSession(TEST_PLAYER);
  const calls = api({
    'POST /chat/r-team/messages': ({ body }) => ({
      status: 201,
      body: {
        success: true,
        message: msg(
          'm3',
          TEST_PLAYER.id,
          TEST_PLAYER.name,
          String((body as { content: string }).content),
        ),
      },
    }),
  });
  renderWithProviders(<ChatPage />, { path: '/chat' });
  await userEvent.click(await screen.findByRole('button', { name: /First Team/ }));

  const box = await screen.findByLabelText('Message');
  const sendButton = screen.getByRole('button', { name: 'Send' });
  expect(sendButton).toBeDisabled();
  await userEvent.type(box, '   ');
  expect(sendButton).toBeDisabled();
  await userEvent.clear(box);
  await userEvent.type(box, 'Bring{Shift>}{Enter}{/Shift}water');
  expect(box).toHaveValue('Bring\nwater');
  await userEvent.type(box, '{Enter}');

  await waitFor(() => expect(box).toHaveValue(''));
  const posts = calls.filter((c) => c.method === 'POST' && c.path === '/chat/r-team/messages');
  expect(posts).toHaveLength(1);
  expect(posts[0]?.body).toMatchObject({ content: 'Bring\nwater', messageType: 'text' });
  expect((posts[0]?.body as { clientId: string }).clientId).toMatch(/^[0-9a-f-]{36}$/);
  // The room and the list reload after the send.
  await waitFor(() =>
    expect(calls.filter((c) => c.path === '/chat/r-team/messages').length).toBeGreaterThan(1),
  );
});

it("when a send fails, then the reference's text shows and the message stays in the box", async () => {
  storeSession(TEST_PLAYER);
  api({ 'POST /chat/r-team/messages': { status: 500, body: {} } });
  renderWithProviders(<ChatPage />, { path: '/chat' });
  await userEvent.click(await screen.findByRole('button', { name: /First Team/ }));

  const box = await screen.findByLabelText('Message');
  await userEvent.type(box, 'Hello{Enter}');

  expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
  expect(box).toHaveValue('Hello');
});

it('when an admin makes a private room, then only the ticked members are sent; the current user is not offered', async () => {
  storeSession(TEST_ADMIN);
  const calls = api({
    'GET /user/all': { body: { success: true, data: [TEST_ADMIN, TEST_PLAYER] } },
    'POST /chat': {
      status: 201,
      body: { success: true, message: 'Chat room created successfully', data: KEEPERS },
    },
  });
  renderWithProviders(<ChatPage />, { path: '/chat' });

  await userEvent.click(await screen.findByRole('button', { name: 'New Room' }));
  const dialog = await screen.findByRole('dialog', { name: 'New Room' });
  const create = within(dialog).getByRole('button', { name: 'Create Room' });
  expect(create).toBeDisabled();
  await userEvent.type(within(dialog).getByLabelText(/Room Name/), ' Captains ');
  await userEvent.click(within(dialog).getByRole('radio', { name: /Private/ }));
  expect(within(dialog).queryByRole('checkbox', { name: TEST_ADMIN.name })).not.toBeInTheDocument();
  expect(create).toBeDisabled();
  await userEvent.click(await within(dialog).findByRole('checkbox', { name: TEST_PLAYER.name }));
  await userEvent.click(create);

  expect(await screen.findByText('Chat room created successfully')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST' && c.path === '/chat')?.body).toEqual({
    name: 'Captains',
    description: null,
    type: 'private',
    members: [TEST_PLAYER.id],
  });
});

it('when nobody else is a member, then a private room says "No users available"', async () => {
  storeSession(TEST_ADMIN);
  api({ 'GET /user/all': { body: { success: true, data: [TEST_ADMIN] } } });
  renderWithProviders(<ChatPage />, { path: '/chat' });

  await userEvent.click(await screen.findByRole('button', { name: 'New Room' }));
  const dialog = await screen.findByRole('dialog', { name: 'New Room' });
  await userEvent.click(within(dialog).getByRole('radio', { name: /Private/ }));
  expect(await within(dialog).findByText('No users available')).toBeInTheDocument();
});

it('when an admin deletes a room, then it asks first and the room closes', async () => {
  storeSession(TEST_ADMIN);
  const calls = api({
    'DELETE /chat/r-team': { body: { success: true, message: 'Chat room deleted successfully' } },
  });
  renderWithProviders(<ChatPage />, { path: '/chat' });
  await userEvent.click(await screen.findByRole('button', { name: /First Team/ }));

  await userEvent.click(await screen.findByRole('button', { name: 'Delete Room' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Room' });
  expect(within(dialog).getByText(CONFIRM_DELETE)).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

  expect(await screen.findByText('Chat room deleted successfully')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  expect(screen.getByText('Select a chat room')).toBeInTheDocument();
});

it('when a message arrives on the live channel, then the open room and the list reload without a reload of the page', async () => {
  storeSession(TEST_PLAYER);
  let messages = [msg('m1', 'someone', 'Sam Striker', 'Training moved')];
  api({
    'POST /chat/ticket': { body: { success: true, data: { ticket: 'tk-1', expiresIn: 30 } } },
    'GET /chat/r-team/messages': () => ({ body: { success: true, hasMore: false, messages } }),
  });
  renderWithProviders(<ChatPage />, { path: '/chat' });
  await userEvent.click(await screen.findByRole('button', { name: /First Team/ }));
  const log = await screen.findByRole('log', { name: 'Messages in First Team' });
  await within(log).findByText('Training moved');

  await waitFor(() =>
    expect(FakeSocket.last?.url).toBe('ws://localhost/api/chat/live?ticket=tk-1'),
  );
  messages = [...messages, msg('m9', 'someone', 'Sam Striker', 'Bring the bibs')];
  FakeSocket.last?.push({ type: 'message', roomId: 'r-team', message: messages[1] });

  expect(await within(log).findByText('Bring the bibs')).toBeInTheDocument();
});

const TICKET = { body: { success: true, data: { ticket: 'tk-1', expiresIn: 30 } } };

it('when a room gets unread messages live, then its button shows the count; opening it, or a message in the open room, sends read', async () => {
  storeSession(TEST_PLAYER);
  let keepersUnread = 0;
  api({
    'POST /chat/ticket': TICKET,
    'GET /chat': () => ({
      body: { success: true, chatRooms: [TEAM, { ...KEEPERS, unreadCount: keepersUnread }] },
    }),
  });
  renderWithProviders(<ChatPage />, { path: '/chat' });
  const rooms = await screen.findByRole('navigation', { name: 'Chat rooms' });
  await waitFor(() => expect(FakeSocket.last).not.toBeNull());
  const socket = FakeSocket.last!;
  socket.push({ type: 'ready', userId: TEST_PLAYER.id });

  keepersUnread = 2;
  socket.push({ type: 'room', room: { ...KEEPERS, unreadCount: 2 } });
  expect(
    await within(rooms).findByRole('button', { name: /Goalkeepers.*2 unread messages/ }),
  ).toBeInTheDocument();

  keepersUnread = 0; // what the server holds once the room is read
  await userEvent.click(within(rooms).getByRole('button', { name: /Goalkeepers/ }));
  expect(socket.sent).toEqual([{ type: 'read', roomId: 'r-keepers' }]);
  expect(within(rooms).getByRole('button', { name: /Goalkeepers/ })).not.toHaveTextContent(
    /unread/,
  );

  await userEvent.click(within(rooms).getByRole('button', { name: /First Team/ }));
  await screen.findByRole('log', { name: 'Messages in First Team' });
  socket.sent.length = 0;
  socket.push({ type: 'room', room: { ...TEAM, unreadCount: 1 } });

  await waitFor(() => expect(socket.sent).toContainEqual({ type: 'read', roomId: 'r-team' }));
  expect(within(rooms).getByRole('button', { name: /First Team/ })).not.toHaveTextContent(/unread/);
});

it('when the socket comes back after a drop, then the open room catches up from its last message, showing each once', async () => {
  storeSession(TEST_PLAYER);
  let away = false;
  const calls = api({
    'POST /chat/ticket': TICKET,
    'GET /chat/r-team/messages?after=m4&limit=100': {
      body: { success: true, hasMore: false, messages: [] },
    },
    'GET /chat/r-team/messages?after=m1&limit=100': () => ({
      body: {
        success: true,
        hasMore: false,
        messages: !away
          ? []
          : [
              msg('m3', 'someone', 'Sam Striker', 'Missed while away', {
                createdAt: '2026-11-20T18:06:00.000Z',
              }),
              msg('m4', 'someone', 'Sam Striker', 'Bring the bibs', {
                createdAt: '2026-11-20T18:07:00.000Z',
              }),
            ],
      },
    }),
    'GET /chat/r-team/messages': {
      body: { success: true, hasMore: false, messages: [msg('m1', 'someone', 'Sam', 'Hello')] },
    },
  });
  renderWithProviders(<ChatPage />, { path: '/chat' });
  await userEvent.click(await screen.findByRole('button', { name: /First Team/ }));
  const log = await screen.findByRole('log', { name: 'Messages in First Team' });
  await within(log).findByText('Hello');
  await waitFor(() => expect(FakeSocket.last).not.toBeNull());
  const first = FakeSocket.last!;
  first.push({ type: 'ready', userId: TEST_PLAYER.id });

  first.drop();
  away = true;
  await waitFor(() => expect(FakeSocket.opened).toBe(2), { timeout: 3000 });
  const second = FakeSocket.last!;
  // A message that arrives live as the catch-up runs is shown once, in its place.
  second.push({ type: 'ready', userId: TEST_PLAYER.id });
  second.push({
    type: 'message',
    roomId: 'r-team',
    message: msg('m4', 'someone', 'Sam Striker', 'Bring the bibs', {
      createdAt: '2026-11-20T18:07:00.000Z',
    }),
  });

  expect(await within(log).findByText('Missed while away')).toBeInTheDocument();
  expect(within(log).getAllByText('Bring the bibs')).toHaveLength(1);
  const texts = within(log)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(texts.map((t) => /Hello|Missed|bibs/.exec(t ?? '')?.[0])).toEqual([
    'Hello',
    'Missed',
    'bibs',
  ]);
  expect(calls.some((c) => c.path === '/chat/r-team/messages?after=m1&limit=100')).toBe(true);
});

it('when the reader scrolls to the top of a long room, then older messages load above', async () => {
  storeSession(TEST_PLAYER);
  api({
    'GET /chat/r-team/messages': {
      body: { success: true, hasMore: true, messages: [msg('m5', 'someone', 'Sam', 'Newest')] },
    },
    'GET /chat/r-team/messages?before=m5': {
      body: {
        success: true,
        hasMore: false,
        messages: [msg('m4', 'someone', 'Sam', 'Older one')],
      },
    },
  });
  renderWithProviders(<ChatPage />, { path: '/chat' });
  await userEvent.click(await screen.findByRole('button', { name: /First Team/ }));
  const log = await screen.findByRole('log', { name: 'Messages in First Team' });
  await within(log).findByText('Newest');

  fireEvent.scroll(log, { target: { scrollTop: 0 } });

  expect(await within(log).findByText('Older one')).toBeInTheDocument();
  await waitFor(() =>
    expect(within(log).queryByRole('button', { name: 'Load older messages' })).toBeNull(),
  );
});
