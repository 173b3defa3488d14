/** Sidebar navigation per role (SPEC §2 "App shell and navigation"). */
import type { Role } from '@teamapp/contracts';

export interface NavItem {
  to: string;
  label: string;
}

const ADMIN_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/schedule', label: 'Schedule' },
  { to: '/players', label: 'Players' },
  { to: '/users', label: 'Users' },
  { to: '/attendance', label: 'Attendance' },
  { to: '/club-development', label: 'Club Development' },
  { to: '/chat', label: 'Chat' },
  { to: '/news', label: 'News' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/documents', label: 'Documents' },
  { to: '/registration', label: 'Registration' },
  { to: '/profile', label: 'Profile' },
  { to: '/settings', label: 'Settings' },
];

const PLAYER_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/schedule', label: 'Schedule' },
  { to: '/players', label: 'Team Roster' },
  { to: '/availability', label: 'Availability' },
  { to: '/chat', label: 'Chat' },
  { to: '/news', label: 'News' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/documents', label: 'Documents' },
  { to: '/profile', label: 'Profile' },
];

export function navigationFor(role: Role): readonly NavItem[] {
  return role === 'admin' ? ADMIN_NAV : PLAYER_NAV;
}
