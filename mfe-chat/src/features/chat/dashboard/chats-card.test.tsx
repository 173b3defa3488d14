/**
 * @jest-environment jsdom
 *
 * The chat's dashboard card: Active Chats counts the rooms GET /chat answers with (stubbed at
 * fetch), for admins and players alike.
 */
import { screen, within } from '@testing-library/react';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
} from '@teamapp/ui/test/dom';
import { ChatsCard } from './chats-card';

/** A whole room as GET /chat answers it (the call checks the answer against its schema). */
const room = (id: string) => ({
  id,
  name: id,
  description: '',
  type: 'group',
  memberCount: 2,
  lastMessage: null,
  unreadCount: 0,
  createdBy: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  teamId: null,
  teamRoom: false,
});

beforeEach(() => localStorage.clear());

it.each([
  ['an admin', TEST_ADMIN],
  ['a player', TEST_PLAYER],
])('when %s opens the dashboard, then the rooms they are in are counted', async (_, user) => {
  storeSession(user);
  fakeApi({
    'GET /chat': { body: { success: true, chatRooms: [room('r1'), room('r2')] } },
  });

  renderWithProviders(<ChatsCard />, { path: '/dashboard' });

  expect(
    await within(screen.getByRole('group', { name: 'Active Chats' })).findByText('2'),
  ).toBeInTheDocument();
});
