/** The shell's routes: its own pages, the remotes' routes and the guards around them. */
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { LoadingNotice, MainContent } from '@teamapp/ui';
import { AppLayout } from '../layout/app-layout';
import { RemoteOutlet } from '../remotes/remote-outlet';
import { REMOTE_ROUTES, type RemoteRoute } from '../remotes/remote-registry';
import { LoginPage } from '../features/auth/login-page';
import { PlaceholderPage } from '../components/placeholder-page';
import { FallbackRedirect, RequireSignedIn, RequireSignedOut } from './route-guards';

const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingNotice />}>{children}</Suspense>;
}

function remote(path: string): RemoteRoute {
  const route = REMOTE_ROUTES[path];
  if (!route) throw new Error(`no remote for ${path}`);
  return route;
}

const SIGNED_IN_REMOTE_PATHS = [
  '/schedule',
  '/players',
  '/availability',
  '/attendance',
  '/club-development',
  '/chat',
  '/news',
  '/settings',
  '/users',
];

export function App() {
  return (
    <Routes>
      {/* Public showcase, served by mfe_club. */}
      <Route
        path="/"
        element={
          <MainContent p="md">
            <RemoteOutlet route={remote('/')} />
          </MainContent>
        }
      />

      <Route element={<RequireSignedOut />}>
        <Route path="/login" element={<LoginPage />} />
        <Route
          path="/reset-password"
          element={
            <Page>
              <ResetPasswordPage />
            </Page>
          }
        />
      </Route>

      <Route element={<RequireSignedIn />}>
        <Route element={<AppLayout />}>
          <Route
            path="/dashboard"
            element={
              <Page>
                <DashboardPage />
              </Page>
            }
          />
          <Route
            path="/profile"
            element={
              <Page>
                <ProfilePage />
              </Page>
            }
          />
          <Route path="/gallery" element={<PlaceholderPage text="Team Gallery - Coming soon" />} />
          <Route path="/documents" element={<PlaceholderPage text="Documents - Coming soon" />} />
          <Route
            path="/registration"
            element={<PlaceholderPage text="Player Registration - Coming soon" />}
          />
          {SIGNED_IN_REMOTE_PATHS.map((path) => (
            <Route key={path} path={path} element={<RemoteOutlet route={remote(path)} />} />
          ))}
        </Route>
      </Route>

      <Route path="*" element={<FallbackRedirect />} />
    </Routes>
  );
}
