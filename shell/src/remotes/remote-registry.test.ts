import { parseRemoteManifest } from '@teamapp/ui';
import { federationOf, resolveRemotes, widgetsFor, type DeployedRemote } from './remote-registry';

const remote = (name: string, paths: string[]): DeployedRemote => ({
  name,
  entry: `/mfe/${name}/remoteEntry.js`,
  manifest: {
    routes: paths.map((path) => ({ path, expose: './Page', access: 'signed-in' as const })),
    navigation: paths.map((path) => ({ path, labels: { admin: path }, order: 1 })),
  },
});

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

it('when two remotes claim a path, then the first by name keeps it and its menu entry', () => {
  const { routes, navigation } = resolveRemotes([
    remote('mfe_zeta', ['/news']),
    remote('mfe_club', ['/news', '/players']),
  ]);

  expect(routes.map((r) => `${r.remote}${r.path}`)).toEqual(['mfe_club/news', 'mfe_club/players']);
  expect(navigation).toHaveLength(2);
});

it('when a remote claims a shell page, then the shell keeps it', () => {
  const { routes } = resolveRemotes([remote('mfe_admin', ['/dashboard', '/users'])]);

  expect(routes.map((r) => r.path)).toEqual(['/users']);
});

it("when a remote's manifest could not be read, then the federation is incomplete", () => {
  const broken: DeployedRemote = { ...remote('mfe_admin', []), manifest: null };

  expect(federationOf([remote('mfe_club', ['/players']), broken]).incomplete).toBe(true);
  expect(federationOf([remote('mfe_club', ['/players'])]).incomplete).toBe(false);
  expect(federationOf([], true).incomplete).toBe(true);
});

it('when remotes declare dashboard widgets, then each role gets its own, in the declared order', () => {
  const withWidgets = (name: string, order: Record<string, number>): DeployedRemote => ({
    ...remote(name, []),
    manifest: { routes: [], navigation: [], widgets: [{ expose: './DashboardCards', order }] },
  });
  const { widgets } = resolveRemotes([
    withWidgets('mfe_chat', { admin: 40, player: 40 }),
    withWidgets('mfe_schedule', { admin: 20, player: 10 }),
    withWidgets('mfe_club', { admin: 10 }),
    remote('mfe_admin', ['/users']),
  ]);

  expect(widgetsFor(widgets, 'admin').map((w) => w.remote)).toEqual([
    'mfe_club',
    'mfe_schedule',
    'mfe_chat',
  ]);
  expect(widgetsFor(widgets, 'player').map((w) => w.remote)).toEqual(['mfe_schedule', 'mfe_chat']);
});

describe('reading a manifest from the network', () => {
  const good = {
    routes: [{ path: '/players', expose: './PlayersPage', access: 'signed-in' }],
    navigation: [
      { path: '/players', labels: { admin: 'Players', player: 'Team Roster' }, order: 30 },
    ],
  };

  it('when it is well formed, then routes and menu entries come back, and no widgets', () => {
    expect(parseRemoteManifest(good)).toEqual({ ...good, widgets: [] });
  });

  it("when a menu entry has a coach's label, then it comes back", () => {
    const navigation = [{ path: '/attendance', labels: { coach: 'Attendance' }, order: 50 }];

    expect(parseRemoteManifest({ ...good, navigation }).navigation).toEqual(navigation);
  });

  it('when it declares widgets, then they come back with their order per role', () => {
    const widgets = [{ expose: './DashboardCards', order: { admin: 10, player: 30 } }];

    expect(parseRemoteManifest({ ...good, widgets })).toEqual({ ...good, widgets });
  });

  it.each([
    ['a route with parameters', { ...good, routes: [{ ...good.routes[0], path: '/players/:id' }] }],
    ['an unknown access', { ...good, routes: [{ ...good.routes[0], access: 'admins' }] }],
    [
      'an unknown role',
      { ...good, navigation: [{ ...good.navigation[0], labels: { guest: 'X' } }] },
    ],
    ['no navigation list', { routes: [] }],
    ['widgets that are not a list', { ...good, widgets: {} }],
    ['a widget without ./', { ...good, widgets: [{ expose: 'Cards', order: { admin: 1 } }] }],
    [
      'a widget for an unknown role',
      { ...good, widgets: [{ expose: './Cards', order: { coach: 1 } }] },
    ],
    [
      'a widget without a position',
      { ...good, widgets: [{ expose: './Cards', order: { admin: '1' } }] },
    ],
  ])('when it has %s, then it is refused', (_, manifest) => {
    expect(() => parseRemoteManifest(manifest)).toThrow(/invalid remote manifest/);
  });
});
