/**
 * @jest-environment jsdom
 *
 * The players' dashboard card from the real endpoints' answers, stubbed at fetch: an admin's
 * Total Players counts the active players in GET /user/all, a player's Team Members the entries
 * of GET /user/team; "—" when the list could not be loaded.
 */
import { screen, within } from '@testing-library/react';
import type { TeamMember, User } from '@teamapp/contracts';
import {
  fakeApi,
  renderWithProviders,
  storeSession,
  TEST_ADMIN,
  TEST_PLAYER,
  type ApiCall,
} from '@teamapp/ui/test/dom';
import { MembersCard } from './members-card';

const PLAYERS: User[] = [
  TEST_ADMIN,
  TEST_PLAYER,
  { ...TEST_PLAYER, id: 'sam', name: 'Sam Striker' },
  { ...TEST_PLAYER, id: 'gone', name: 'Left Long Ago', is_active: false },
];
const TEAM: TeamMember[] = PLAYERS.filter((u) => u.is_active).map(({ id, name, email }) => ({
  id,
  name,
  email,
}));

/** The member lists asked for (the providers also read the club's settings). */
const userCalls = (calls: ApiCall[]) =>
  calls.map((c) => c.path).filter((p) => p.startsWith('/user'));
const card = (label: string) => within(screen.getByRole('group', { name: label }));

beforeEach(() => localStorage.clear());

it('when an admin opens the dashboard, then the active players are counted', async () => {
  storeSession(TEST_ADMIN);
  const calls = fakeApi({ 'GET /user/all': { body: { success: true, data: PLAYERS } } });

  renderWithProviders(<MembersCard />, { path: '/dashboard' });

  // The admin and the inactive player do not count.
  expect(await card('Total Players').findByText('2')).toBeInTheDocument();
  expect(userCalls(calls)).toEqual(['/user/all']);
  expect(screen.queryByRole('group', { name: 'Team Members' })).not.toBeInTheDocument();
});

it('when a player opens the dashboard, then the team members are counted', async () => {
  storeSession(TEST_PLAYER);
  const calls = fakeApi({ 'GET /user/team': { body: { success: true, data: TEAM } } });

  renderWithProviders(<MembersCard />, { path: '/dashboard' });

  expect(await card('Team Members').findByText('3')).toBeInTheDocument();
  expect(userCalls(calls)).toEqual(['/user/team']);
});

it('when the team could not be loaded, then the card shows "—"', async () => {
  storeSession(TEST_PLAYER);
  fakeApi({ 'GET /user/team': { status: 500, body: { error: 'Internal server error' } } });

  renderWithProviders(<MembersCard />, { path: '/dashboard' });

  expect(card('Team Members').getByText('…')).toBeInTheDocument();
  // The query client tries once more before it gives up.
  expect(
    await card('Team Members').findByText('—', undefined, { timeout: 5000 }),
  ).toBeInTheDocument();
});
