/**
 * The shell's routes: its own pages, the routes the deployed remotes publish in their manifests
 * (read at run time, see remote-registry.ts) and the guards around them.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { LoadingNotice, MainContent, useSession } from '@teamapp/ui';
import { AppLayout } from '../layout/app-layout';
import { FederationUnavailable, RemoteOutlet } from '../remotes/remote-outlet';
import { useFederation } from '../remotes/remote-registry';
import { LoginRoute } from '../features/auth/login-route';
import { PlaceholderPage } from '../components/placeholder-page';
import {
  CHOOSE_PASSWORD_PATH,
  FallbackRedirect,
  RequirePasswordChange,
  RequireSignedIn,
  RequireSignedOut,
} from './route-guards';

/** A shell page loaded on its first visit; the loading notice stands in meanwhile. */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Loaded = lazy(load);
  return function LazyPage() {
    return (
      <Suspense fallback={<LoadingNotice />}>
        <Loaded />
      </Suspense>
    );
  };
}

const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page'));
const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page'));
const ProfilePage = lazyPage(() => import('../features/profile/profile-page'));
const ChoosePasswordPage = lazyPage(() => import('../features/account/choose-password-page'));

/**
 * A path nothing claims. While the manifests load it may still be a remote's: wait. When some
 * remote's routes could not be loaded it may be one of them: say so, with Retry. Otherwise it is
 * unknown: go home.
 */
function Unmatched() {
  const federation = useFederation();
  const { user, loading } = useSession();
  if (federation.status === 'loading' || (loading && !user)) return <LoadingNotice />;
  if (!federation.incomplete) {
    const home = federation.routes.find((r) => r.path === '/' && r.access === 'public');
    return <FallbackRedirect publicHome={home ? '/' : '/login'} />;
  }
  if (!user) {
    return (
      <MainContent p="md">
        <FederationUnavailable />
      </MainContent>
    );
  }
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="*" element={<FederationUnavailable />} />
      </Route>
    </Routes>
  );
}

export function App() {
  const { routes } = useFederation();
  const publicRoutes = routes.filter((r) => r.access === 'public');
  const signedInRoutes = routes.filter((r) => r.access === 'signed-in');

  return (
    <Routes>
      {/* Public remote pages (the showcase at /), open to signed-out visitors too. */}
      {publicRoutes.map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={
            <MainContent p="md">
              <RemoteOutlet route={route} />
            </MainContent>
          }
        />
      ))}

      <Route element={<RequireSignedOut />}>
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </Route>

      <Route element={<RequirePasswordChange />}>
        <Route path={CHOOSE_PASSWORD_PATH} element={<ChoosePasswordPage />} />
      </Route>

      <Route element={<RequireSignedIn />}>
        <Route element={<AppLayout />}>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/gallery" element={<PlaceholderPage text="Team Gallery - Coming soon" />} />
          <Route path="/documents" element={<PlaceholderPage text="Documents - Coming soon" />} />
          <Route
            path="/registration"
            element={<PlaceholderPage text="Player Registration - Coming soon" />}
          />
          {signedInRoutes.map((route) => (
            <Route key={route.path} path={route.path} element={<RemoteOutlet route={route} />} />
          ))}
        </Route>
      </Route>

      <Route path="*" element={<Unmatched />} />
    </Routes>
  );
}
