import type { NavEntry } from '@teamapp/ui';
import { buildNavigation, SHELL_NAVIGATION } from './navigation';

/** Every part's entries as the remotes publish them (mfe-admin's today; the rest by the reference). */
const REMOTE_ENTRIES: NavEntry[] = [
  { path: '/settings', labels: { admin: 'Settings' }, order: 130 },
  { path: '/users', labels: { admin: 'Users' }, order: 40 },
  { path: '/players', labels: { admin: 'Players', player: 'Team Roster' }, order: 30 },
  { path: '/schedule', labels: { admin: 'Schedule', player: 'Schedule' }, order: 20 },
  { path: '/availability', labels: { player: 'Availability' }, order: 55 },
  { path: '/attendance', labels: { admin: 'Attendance' }, order: 50 },
  { path: '/club-development', labels: { admin: 'Club Development' }, order: 60 },
  { path: '/chat', labels: { admin: 'Chat', player: 'Chat' }, order: 70 },
  { path: '/news', labels: { admin: 'News', player: 'News' }, order: 80 },
];

const labels = (role: 'admin' | 'player', entries: NavEntry[]) =>
  buildNavigation(role, [...SHELL_NAVIGATION, ...entries]).map((item) => item.label);

it('when every part is deployed, then the admin menu is reference §2 in its order', () => {
  expect(labels('admin', REMOTE_ENTRIES)).toEqual([
    'Dashboard',
    'Schedule',
    'Players',
    'Users',
    'Attendance',
    'Club Development',
    'Chat',
    'News',
    'Gallery',
    'Documents',
    'Registration',
    'Profile',
    'Settings',
  ]);
});

it('when every part is deployed, then the player menu is reference §2 with Team Roster', () => {
  expect(labels('player', REMOTE_ENTRIES)).toEqual([
    'Dashboard',
    'Schedule',
    'Team Roster',
    'Availability',
    'Chat',
    'News',
    'Gallery',
    'Documents',
    'Profile',
  ]);
});

it('when no remote is deployed, then only the shell pages are in the menu', () => {
  expect(labels('player', [])).toEqual(['Dashboard', 'Gallery', 'Documents', 'Profile']);
});
