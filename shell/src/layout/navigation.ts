/**
 * Sidebar navigation per role (reference §2 "App shell and navigation"): the shell's own entries
 * merged with the entries each deployed remote publishes in its manifest, in the documented order (each
 * entry carries its position; see the order table in @teamapp/ui's remote-manifest.ts). A part
 * that is not deployed has no entries, so the menu never leads to a missing page.
 */
import type { Role } from '@teamapp/contracts';
import type { NavEntry } from '@teamapp/ui';
import { getFederation, useFederation } from '../remotes/remote-registry';

export interface NavItem {
  to: string;
  label: string;
}

/** The shell's own pages. */
export const SHELL_NAVIGATION: readonly NavEntry[] = [
  { path: '/dashboard', labels: { admin: 'Dashboard', player: 'Dashboard' }, order: 10 },
  { path: '/gallery', labels: { admin: 'Gallery', player: 'Gallery' }, order: 90 },
  { path: '/documents', labels: { admin: 'Documents', player: 'Documents' }, order: 100 },
  { path: '/registration', labels: { admin: 'Registration' }, order: 110 },
  { path: '/profile', labels: { admin: 'Profile', player: 'Profile' }, order: 120 },
];

/** The menu a role sees from the given entries, by order (then label, for equal orders). */
export function buildNavigation(role: Role, entries: readonly NavEntry[]): NavItem[] {
  return entries
    .flatMap((entry) => {
      const label = entry.labels[role];
      return label ? [{ to: entry.path, label, order: entry.order }] : [];
    })
    .sort((a, b) => a.order - b.order || a.label.localeCompare(b.label))
    .map(({ to, label }) => ({ to, label }));
}

/**
 * The menu for a role as currently known. Not a hook: the layout calls it during render, and the
 * shell's App re-renders the layout whenever the remotes' manifests change.
 */
export function navigationFor(role: Role): readonly NavItem[] {
  return buildNavigation(role, [...SHELL_NAVIGATION, ...getFederation().navigation]);
}

/** The same as a hook, re-rendering its caller when the remotes' manifests change. */
export function useNavigation(role: Role): readonly NavItem[] {
  const federation = useFederation();
  return buildNavigation(role, [...SHELL_NAVIGATION, ...federation.navigation]);
}
