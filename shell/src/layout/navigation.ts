/**
 * Sidebar navigation per role (reference §2 "App shell and navigation"): the shell's own entries
 * merged with the entries each deployed remote publishes in its manifest, in the documented order (each
 * entry carries its position; see the order table in @teamapp/ui's remote-manifest.ts). A part
 * that is not deployed has no entries, so the menu never leads to a missing page.
 *
 * A player who coaches at least one active team (docs/reference.md "Teams") is a `coach` for the
 * menu: an entry's coach label, else its player label. A club admin sees the admin labels. A
 * member whose session names children (docs/reference.md "Families") is also a `guardian`: the
 * entries naming only guardians (Family) show to them, last in the kinds they read.
 */
import type { Role } from '@teamapp/contracts';
import { useTeamChoice, type MenuKind, type NavEntry } from '@teamapp/ui';
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

/**
 * Whose menu it is: the club role, whether the member coaches an active team, and whether they
 * answer for children (absent: not).
 */
export interface MenuViewer {
  role: Role;
  coach: boolean;
  guardian?: boolean;
}

/** The label kinds a viewer reads, the first one an entry names winning. */
function kindsOf({ role, coach, guardian = false }: MenuViewer): readonly MenuKind[] {
  const own: MenuKind[] = role === 'player' && coach ? ['coach', 'player'] : [role];
  return guardian ? [...own, 'guardian'] : own;
}

/** Whether the session user answers for any child (their session's `children`). */
export const isGuardian = (user: { children?: readonly string[] } | null | undefined): boolean =>
  (user?.children?.length ?? 0) > 0;

/** The menu a viewer sees from the given entries, by order (then label, for equal orders). */
export function buildNavigation(viewer: MenuViewer, entries: readonly NavEntry[]): NavItem[] {
  const kinds = kindsOf(viewer);
  return entries
    .flatMap((entry) => {
      const label = kinds.map((kind) => entry.labels[kind]).find(Boolean);
      return label ? [{ to: entry.path, label, order: entry.order }] : [];
    })
    .sort((a, b) => a.order - b.order || a.label.localeCompare(b.label))
    .map(({ to, label }) => ({ to, label }));
}

/**
 * The menu for a viewer as currently known. Not a hook: the layout calls it during render, and
 * the shell's App re-renders the layout whenever the remotes' manifests change.
 */
export function navigationFor(viewer: MenuViewer): readonly NavItem[] {
  return buildNavigation(viewer, [...SHELL_NAVIGATION, ...getFederation().navigation]);
}

/**
 * Whether the signed-in member coaches an active team, from the teams the shell reads (each
 * with the member's `myRole`); false until they are read.
 */
export function useCoaches(): boolean {
  const { myTeams } = useTeamChoice();
  return myTeams.some((team) => team.myRole === 'coach');
}

/** The same as a hook, re-rendering its caller when the remotes' manifests change. */
export function useNavigation(viewer: MenuViewer): readonly NavItem[] {
  const federation = useFederation();
  return buildNavigation(viewer, [...SHELL_NAVIGATION, ...federation.navigation]);
}
