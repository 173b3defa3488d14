/**
 * @jest-environment jsdom
 *
 * The sidebar for a coach (docs/reference.md "Teams"): a player who coaches an active team, as
 * GET /teams gives their role in each, sees the entries labelled for coaches (Attendance); a
 * player who coaches none, or only an archived team, does not.
 */
// First: the browser globals the router reads on import.
import { TEST_PLAYER } from '@teamapp/ui/test/dom';
import { fakeTeam } from '@teamapp/ui/test/teams';
import { screen, waitFor } from '@testing-library/react';
import type { Team } from '@teamapp/contracts';
import { resetFederation } from '../remotes/remote-registry';
import {
  menu,
  quietLiveSocket,
  showLayout as showLayoutFor,
  teamsRead,
  withScheduleRemote,
} from './layout-test-kit';

const U12 = fakeTeam('0b7d1f2e-1111-4c3d-8e9f-0a1b2c3d4e5f', 'Under 12s', 'player');
const U14 = fakeTeam('0b7d1f2e-2222-4c3d-8e9f-0a1b2c3d4e5f', 'Under 14s', 'coach');
const SENIORS = fakeTeam('0b7d1f2e-3333-4c3d-8e9f-0a1b2c3d4e5f', 'Seniors', 'player');
/** A coach's menu with the schedule deployed. */
const COACH_MENU = [
  'Dashboard',
  'Schedule',
  'Attendance',
  'Availability',
  'Gallery',
  'Documents',
  'Profile',
];

beforeEach(() => {
  localStorage.clear();
  quietLiveSocket();
  // The schedule's menu entries, as its routes.json publishes them.
  withScheduleRemote({
    routes: [
      { path: '/schedule', expose: './SchedulePage', access: 'signed-in' },
      { path: '/attendance', expose: './AttendancePage', access: 'signed-in' },
      { path: '/availability', expose: './AvailabilityPage', access: 'signed-in' },
    ],
    navigation: [
      { path: '/schedule', labels: { admin: 'Schedule', player: 'Schedule' }, order: 20 },
      {
        path: '/attendance',
        labels: { admin: 'Attendance', coach: 'Attendance' },
        order: 50,
      },
      { path: '/availability', labels: { player: 'Availability' }, order: 55 },
    ],
  });
});
afterEach(() => resetFederation());

const showLayout = (teams: Team[]) => showLayoutFor(TEST_PLAYER, teams);

it.each([
  ['in several teams', [U12, U14]],
  ['in the one team of the club', [U14]],
])(
  'when a player coaches a team (%s), then the menu has Attendance between Schedule and Availability',
  async (_case, teams) => {
    showLayout(teams);

    await waitFor(() => expect(menu()).toContain('Attendance'));
    expect(menu()).toEqual(COACH_MENU);
  },
);

it.each([
  ['plays in teams only', [U12, { ...U14, myRole: 'player' as const }]],
  ['coaches an archived team only', [U12, SENIORS, { ...U14, archived: true }]],
])('when a player %s, then the menu has no Attendance', async (_case, teams) => {
  await teamsRead(showLayout(teams));
  // The header's picker shows once the teams are in: the menu has had them too.
  await screen.findByRole('combobox', { name: 'Team' });
  expect(menu()).toEqual(COACH_MENU.filter((label) => label !== 'Attendance'));
});
