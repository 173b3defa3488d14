/**
 * Keeps the signed-in member's stored session current (docs/reference.md "Families"): the
 * children in their care change while they are signed in (a club admin links them as a guardian,
 * a child comes of age), so the layout reads them again (GET /auth/me) when it opens and whenever
 * the page comes back into view, and the Family menu follows without signing in again.
 */
import { useEffect } from 'react';
import { useSession } from '@teamapp/ui';

export function useFreshSession(): void {
  const { api, updateUser, token } = useSession();
  useEffect(() => {
    if (!token) return;
    // A session that ended (or changed) meanwhile keeps its own answer out.
    let current = true;
    const refresh = () => {
      api.auth.me().then(
        ({ user }) => {
          if (current) updateUser(user);
        },
        // Offline or refused: the stored session stands (a 401 has signed out already).
        () => undefined,
      );
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      current = false;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [api, updateUser, token]);
}
