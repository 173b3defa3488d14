/**
 * @jest-environment jsdom
 *
 * Families in /chat (docs/reference.md "Families"): a private room does not offer the young
 * players the caller may not be alone with (only their own children), and says why; a room the
 * caller reads as a guardian shows its messages without a composer.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatRoom, User } from '@teamapp/contracts';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
} from '@teamapp/ui/test/dom';
import { ChatPage } from './chat-page';
import { YOUNG_PLAYERS_LEFT_OUT } from './new-room-dialog';
import { READ_ONLY_NOTE } from './room-view';

const child = (id: string, name: string): User => ({ ...TEST_PLAYER, id, name, minor: true });
const OWN = child('00000000-0000-4000-8000-0000000000c1', 'Kit Child');
const OTHER = child('00000000-0000-4000-8000-0000000000c2', 'Dot Other');

const room = (over: Partial<ChatRoom>): ChatRoom => ({
  id: 'r-kids',
  name: 'Under 12s',
  description: '',
  type: 'group',
  memberCount: 9,
  lastMessage: null,
  unreadCount: 0,
  createdBy: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  teamId: null,
  teamRoom: false,
  ...over,
});

it('when an adult makes a private room, then young players other than their own children are not offered, and the dialog says why', async () => {
  const parent = { ...TEST_ADMIN, children: [OWN.id] };
  storeSession(parent);
  fakeApi({
    'GET /chat': { body: { success: true, chatRooms: [] } },
    'GET /user/all': { body: { success: true, data: [TEST_ADMIN, TEST_PLAYER, OWN, OTHER] } },
  });
  renderWithProviders(<ChatPage />, { path: '/chat' });

  await userEvent.click(await screen.findByRole('button', { name: 'New Room' }));
  const dialog = await screen.findByRole('dialog', { name: 'New Room' });
  await userEvent.click(within(dialog).getByRole('radio', { name: /Private/ }));

  expect(await within(dialog).findByRole('checkbox', { name: TEST_PLAYER.name })).toBeVisible();
  expect(within(dialog).getByRole('checkbox', { name: OWN.name })).toBeVisible();
  expect(within(dialog).queryByRole('checkbox', { name: OTHER.name })).not.toBeInTheDocument();
  expect(within(dialog).getByText(YOUNG_PLAYERS_LEFT_OUT)).toBeVisible();
});

it('when nobody is left out, then the dialog says nothing about young players', async () => {
  storeSession(TEST_ADMIN);
  fakeApi({
    'GET /chat': { body: { success: true, chatRooms: [] } },
    'GET /user/all': { body: { success: true, data: [TEST_ADMIN, TEST_PLAYER] } },
  });
  renderWithProviders(<ChatPage />, { path: '/chat' });

  await userEvent.click(await screen.findByRole('button', { name: 'New Room' }));
  const dialog = await screen.findByRole('dialog', { name: 'New Room' });
  await userEvent.click(within(dialog).getByRole('radio', { name: /Private/ }));

  expect(await within(dialog).findByRole('checkbox', { name: TEST_PLAYER.name })).toBeVisible();
  expect(within(dialog).queryByText(YOUNG_PLAYERS_LEFT_OUT)).not.toBeInTheDocument();
});

it("when a guardian opens a child's room they read only, then the messages show and there is no composer", async () => {
  storeSession(TEST_PLAYER);
  fakeApi({
    'GET /chat': { body: { success: true, chatRooms: [room({ readOnly: true })] } },
    'GET /chat/r-kids/messages': {
      body: {
        success: true,
        hasMore: false,
        messages: [
          {
            id: 'm1',
            roomId: 'r-kids',
            senderId: 'coach',
            senderName: 'Cole Coach',
            content: 'Bring water',
            messageType: 'text',
            createdAt: '2026-11-20T18:05:00.000Z',
            isEdited: false,
            clientId: null,
          },
        ],
      },
    },
  });
  renderWithProviders(<ChatPage />, { path: '/chat' });

  await userEvent.click(await screen.findByRole('button', { name: /Under 12s/ }));
  const log = await screen.findByRole('log', { name: 'Messages in Under 12s' });

  expect(await within(log).findByText('Bring water')).toBeVisible();
  expect(screen.getByText(READ_ONLY_NOTE)).toBeVisible();
  expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
});
