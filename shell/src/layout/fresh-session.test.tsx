/**
 * @jest-environment jsdom
 *
 * The session kept current (docs/reference.md "Families"): a member a club admin links as a
 * guardian while they are signed in gets the Family menu entry when the layout reads their
 * session again (GET /auth/me), on opening and when the page comes back into view, without
 * signing in again.
 */
// First: the browser globals the router reads on import.
import { TEST_PLAYER } from '@teamapp/ui/test/dom';
import { fakeTeam } from '@teamapp/ui/test/teams';
import { act, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@teamapp/contracts';
import { resetFederation } from '../remotes/remote-registry';
import {
  menu,
  quietLiveSocket,
  showLayout,
  teamsRead,
  withScheduleRemote,
} from './layout-test-kit';

const U12 = fakeTeam('0b7d1f2e-1111-4c3d-8e9f-0a1b2c3d4e5f', 'Under 12s', 'player');
const U14 = fakeTeam('0b7d1f2e-2222-4c3d-8e9f-0a1b2c3d4e5f', 'Under 14s', 'player');
/** Two teams: the header's team picker shows once they are read. */
const TEAMS = [U12, U14];
const CHILD_ID = '0b7d1f2e-9999-4c3d-8e9f-0a1b2c3d4e5f';
const me = (children: string[]) => ({
  body: { success: true, user: { ...TEST_PLAYER, mustChangePassword: false, children } },
});

beforeEach(() => {
  localStorage.clear();
  quietLiveSocket();
  withScheduleRemote({
    routes: [
      { path: '/schedule', expose: './SchedulePage', access: 'signed-in' },
      { path: '/family', expose: './FamilyPage', access: 'signed-in' },
    ],
    navigation: [
      { path: '/schedule', labels: { admin: 'Schedule', player: 'Schedule' }, order: 20 },
      { path: '/family', labels: { guardian: 'Family' }, order: 25 },
    ],
  });
});
afterEach(() => resetFederation());

const storedChildren = () =>
  (JSON.parse(localStorage.getItem(STORAGE_KEYS.currentUser)!) as { children?: string[] }).children;

it('when the member became a guardian since signing in, then the layout reads it and the Family entry shows', async () => {
  const calls = showLayout(TEST_PLAYER, TEAMS, { 'GET /auth/me': me([CHILD_ID]) });

  await waitFor(() => expect(menu()).toContain('Family'));
  expect(storedChildren()).toEqual([CHILD_ID]);
  expect(calls.find((c) => c.path === '/auth/me')?.headers.Authorization).toBe('Bearer test-token');
});

it('when the page comes back into view, then the session is read again and the menu follows', async () => {
  let children: string[] = [];
  const calls = showLayout(TEST_PLAYER, TEAMS, { 'GET /auth/me': () => me(children) });
  await teamsRead(calls);
  await waitFor(() => expect(calls.filter((c) => c.path === '/auth/me')).toHaveLength(1));
  await screen.findByRole('combobox', { name: 'Team' });
  expect(menu()).not.toContain('Family');

  children = [CHILD_ID];
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });

  await waitFor(() => expect(menu()).toContain('Family'));
  expect(calls.filter((c) => c.path === '/auth/me')).toHaveLength(2);
});

it('when the session cannot be read again, then the stored session stands', async () => {
  const stored = { ...TEST_PLAYER, children: [CHILD_ID] };
  const calls = showLayout(stored, TEAMS, { 'GET /auth/me': { status: 502 } });

  await waitFor(() => expect(calls.some((c) => c.path === '/auth/me')).toBe(true));
  await screen.findByRole('combobox', { name: 'Team' });
  expect(menu()).toContain('Family');
  expect(storedChildren()).toEqual([CHILD_ID]);
});
