/** Signed-in-only and signed-out-only routes (reference §2 route table). */
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingNotice, useSession } from '@teamapp/ui';

export const CHOOSE_PASSWORD_PATH = '/choose-password';

export function RequireSignedIn() {
  const { user, loading, mustChangePassword } = useSession();
  const location = useLocation();
  if (!user && loading) return <LoadingNotice />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  // A temporary password opens nothing but the step that replaces it.
  if (mustChangePassword) return <Navigate to={CHOOSE_PASSWORD_PATH} replace />;
  return <Outlet />;
}

/** The first-sign-in step: only for a session that still has to replace its temporary password. */
export function RequirePasswordChange() {
  const { user, loading, mustChangePassword } = useSession();
  if (!user && loading) return <LoadingNotice />;
  if (!user) return <Navigate to="/login" replace />;
  if (!mustChangePassword) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

export function RequireSignedOut() {
  const { user, loading, mustChangePassword } = useSession();
  // While a login is in flight the login page stays mounted, so its button can show progress.
  if (!user && loading) return <Outlet />;
  if (user)
    return <Navigate to={mustChangePassword ? CHOOSE_PASSWORD_PATH : '/dashboard'} replace />;
  return <Outlet />;
}

/** Home for a path nobody serves: the dashboard, or for a visitor the public home page. */
export function FallbackRedirect({ publicHome = '/' }: { publicHome?: string }) {
  const { user, loading } = useSession();
  if (loading && !user) return <LoadingNotice />;
  return <Navigate to={user ? '/dashboard' : publicHome} replace />;
}
