import { parseRemoteManifest } from '@teamapp/ui';
import { federationOf, resolveRemotes, type DeployedRemote } from './remote-registry';

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

describe('reading a manifest from the network', () => {
  const good = {
    routes: [{ path: '/players', expose: './PlayersPage', access: 'signed-in' }],
    navigation: [
      { path: '/players', labels: { admin: 'Players', player: 'Team Roster' }, order: 30 },
    ],
  };

  it('when it is well formed, then routes and menu entries come back', () => {
    expect(parseRemoteManifest(good)).toEqual(good);
  });

  it.each([
    ['a route with parameters', { ...good, routes: [{ ...good.routes[0], path: '/players/:id' }] }],
    ['an unknown access', { ...good, routes: [{ ...good.routes[0], access: 'admins' }] }],
    [
      'an unknown role',
      { ...good, navigation: [{ ...good.navigation[0], labels: { coach: 'X' } }] },
    ],
    ['no navigation list', { routes: [] }],
  ])('when it has %s, then it is refused', (_, manifest) => {
    expect(() => parseRemoteManifest(manifest)).toThrow(/invalid remote manifest/);
  });
});
