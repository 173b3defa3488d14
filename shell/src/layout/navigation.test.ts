import type { NavEntry } from '@teamapp/ui';
import { buildNavigation, SHELL_NAVIGATION, type MenuViewer } from './navigation';

/** Every part's entries as the remotes publish them (mfe-admin's today; the rest by the reference). */
const REMOTE_ENTRIES: NavEntry[] = [
  { path: '/settings', labels: { admin: 'Settings' }, order: 130 },
  { path: '/users', labels: { admin: 'Users' }, order: 40 },
  { path: '/players', labels: { admin: 'Players', player: 'Team Roster' }, order: 30 },
  { path: '/schedule', labels: { admin: 'Schedule', player: 'Schedule' }, order: 20 },
  { path: '/availability', labels: { player: 'Availability' }, order: 55 },
  { path: '/attendance', labels: { admin: 'Attendance', coach: 'Attendance' }, order: 50 },
  { path: '/club-development', labels: { admin: 'Club Development' }, order: 60 },
  { path: '/chat', labels: { admin: 'Chat', player: 'Chat' }, order: 70 },
  { path: '/news', labels: { admin: 'News', player: 'News' }, order: 80 },
];

const ADMIN: MenuViewer = { role: 'admin', coach: false };
const PLAYER: MenuViewer = { role: 'player', coach: false };
/** A player who coaches at least one active team. */
const COACH: MenuViewer = { role: 'player', coach: true };

const labels = (viewer: MenuViewer, entries: NavEntry[]) =>
  buildNavigation(viewer, [...SHELL_NAVIGATION, ...entries]).map((item) => item.label);

const PLAYER_MENU = [
  'Dashboard',
  'Schedule',
  'Team Roster',
  'Availability',
  'Chat',
  'News',
  'Gallery',
  'Documents',
  'Profile',
];

it('when every part is deployed, then the admin menu is reference §2 in its order', () => {
  expect(labels(ADMIN, REMOTE_ENTRIES)).toEqual([
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
  expect(labels(PLAYER, REMOTE_ENTRIES)).toEqual(PLAYER_MENU);
});

it("when a player coaches a team, then their menu is the player's with Attendance after the roster", () => {
  const afterRoster = PLAYER_MENU.indexOf('Team Roster') + 1;

  expect(labels(COACH, REMOTE_ENTRIES)).toEqual([
    ...PLAYER_MENU.slice(0, afterRoster),
    'Attendance',
    ...PLAYER_MENU.slice(afterRoster),
  ]);
});

it("when an entry has a coach's label and a player's, then a coach reads the coach's and a player the player's", () => {
  const roster: NavEntry = {
    path: '/players',
    labels: { admin: 'Players', coach: 'Team Players', player: 'Team Roster' },
    order: 30,
  };

  expect(labels(COACH, [roster])).toContain('Team Players');
  expect(labels(COACH, [roster])).not.toContain('Team Roster');
  expect(labels(PLAYER, [roster])).toContain('Team Roster');
});

it("when a club admin is a team's coach, then their menu is the admin's, with no label twice", () => {
  const menu = labels({ role: 'admin', coach: true }, REMOTE_ENTRIES);

  expect(menu).toEqual(labels(ADMIN, REMOTE_ENTRIES));
  expect(new Set(menu).size).toBe(menu.length);
});

it('when an entry is for coaches only, then a player who coaches no team does not see it', () => {
  const onlyCoaches: NavEntry = { path: '/drills', labels: { coach: 'Drills' }, order: 65 };

  expect(labels(PLAYER, [onlyCoaches])).not.toContain('Drills');
  expect(labels(ADMIN, [onlyCoaches])).not.toContain('Drills');
  expect(labels(COACH, [onlyCoaches])).toContain('Drills');
});

it('when no remote is deployed, then only the shell pages are in the menu', () => {
  expect(labels(PLAYER, [])).toEqual(['Dashboard', 'Gallery', 'Documents', 'Profile']);
});

it('when a member answers for children, then Family shows after Schedule, and to nobody else', () => {
  const family: NavEntry = { path: '/family', labels: { guardian: 'Family' }, order: 25 };
  const entries = [...REMOTE_ENTRIES, family];

  expect(labels({ ...PLAYER, guardian: true }, entries)).toEqual([
    'Dashboard',
    'Schedule',
    'Family',
    ...PLAYER_MENU.slice(2),
  ]);
  expect(labels({ ...COACH, guardian: true }, entries)).toContain('Family');
  expect(labels({ ...ADMIN, guardian: true }, entries)).toContain('Family');
  expect(labels(PLAYER, entries)).not.toContain('Family');
  expect(labels(ADMIN, entries)).not.toContain('Family');
  expect(labels(COACH, entries)).not.toContain('Family');
});

it('when a guardian reads an entry with a player label too, then they read the player label', () => {
  expect(labels({ ...PLAYER, guardian: true }, REMOTE_ENTRIES)).toEqual(PLAYER_MENU);
});
