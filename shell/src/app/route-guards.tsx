/** Signed-in-only and signed-out-only routes (SPEC §2 route table). */
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingNotice, useSession } from '@teamapp/ui';

export function RequireSignedIn() {
  const { user, loading } = useSession();
  const location = useLocation();
  if (!user && loading) return <LoadingNotice />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

export function RequireSignedOut() {
  const { user, loading } = useSession();
  // While a login is in flight the login page stays mounted, so its button can show progress.
  if (!user && loading) return <Outlet />;
  if (user) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** Home for a path nobody serves: the dashboard, or for a visitor the public home page. */
export function FallbackRedirect({ publicHome = '/' }: { publicHome?: string }) {
  const { user, loading } = useSession();
  if (loading && !user) return <LoadingNotice />;
  return <Navigate to={user ? '/dashboard' : publicHome} replace />;
}
