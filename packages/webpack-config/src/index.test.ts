import { checkManifest, remoteModules } from './index';

const exposes = { './UsersPage': './src/exposed/users-page.tsx' };

it('when every route names an exposed module and every menu entry a route, then the manifest passes', () => {
  expect(() =>
    checkManifest(
      { routes: [{ path: '/users', expose: './UsersPage' }], navigation: [{ path: '/users' }] },
      exposes,
    ),
  ).not.toThrow();
});

it('when a route names a module that is not exposed, then the build fails naming it', () => {
  expect(() =>
    checkManifest({ routes: [{ path: '/users', expose: './Missing' }], navigation: [] }, exposes),
  ).toThrow('route /users: ./Missing is not exposed');
});

it('when a menu entry has no route or a path is listed twice, then the build fails', () => {
  expect(() =>
    checkManifest(
      {
        routes: [
          { path: '/users', expose: './UsersPage' },
          { path: '/users', expose: './UsersPage' },
        ],
        navigation: [{ path: '/settings' }],
      },
      exposes,
    ),
  ).toThrow(/menu entry \/settings has no route.*a path is listed twice/);
});

it('when a remote lists its pages by file, then each is exposed under its name and routed in order', () => {
  expect(
    remoteModules(
      { '/club-development': 'club-development-page', '/': ['showcase-page', 'public'] },
      ['dashboard-cards'],
    ),
  ).toEqual({
    exposes: {
      './ClubDevelopmentPage': './src/exposed/club-development-page.tsx',
      './ShowcasePage': './src/exposed/showcase-page.tsx',
      './DashboardCards': './src/exposed/dashboard-cards.tsx',
    },
    routes: [
      { path: '/club-development', expose: './ClubDevelopmentPage', access: 'signed-in' },
      { path: '/', expose: './ShowcasePage', access: 'public' },
    ],
  });
});
