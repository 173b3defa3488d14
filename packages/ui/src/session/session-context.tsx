/**
 * The signed-in session (reference §4): token and currentUser in localStorage, login and logout, and
 * ONE authenticated request function (bearer token, reference §8 errors, sign-out on a 401). Shared as
 * a federation singleton, so the shell and every remote see the same session. Remotes keep their
 * own fetchers on top of `request` (features/<feature>/api); `api` holds the shell's endpoints.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  createApiClient,
  createRequest,
  type ApiClient,
  type ApiRequest,
} from '@teamapp/api-client';
import { STORAGE_KEYS, type User } from '@teamapp/contracts';

/** The signed-in user: a User, flagged while a temporary password must still be replaced. */
export type SessionUserValue = User & {
  mustChangePassword?: boolean;
  /** The children the member is a guardian of (docs/reference.md "Families"); absent: none. */
  children?: string[];
};

export interface SessionValue {
  user: SessionUserValue | null;
  /** Signed in with a temporary password: only choosing a new one is open until it is done. */
  mustChangePassword: boolean;
  token: string | null;
  isAdmin: boolean;
  /** True during the initial read of storage and while a login is in flight. */
  loading: boolean;
  login: (email: string, password: string) => Promise<SessionUserValue>;
  logout: () => Promise<void>;
  /** Merges fields into the signed-in user (a new picture, a chosen password) and stores it. */
  updateUser: (patch: Partial<SessionUserValue>) => void;
  /** The authenticated request function every fetcher uses. */
  request: ApiRequest;
  /** The shell's own endpoints (sign-in, reset, notifications, branding read); not for remotes. */
  api: ApiClient;
}

const SessionContext = createContext<SessionValue | null>(null);

interface StoredSession {
  user: SessionUserValue;
  token: string;
}

/**
 * A light check of the stored user: the fields the app relies on. Deliberately not the full
 * userSchema, so a server adding or omitting an optional field never signs everyone out.
 */
function looksLikeUser(value: unknown): value is SessionUserValue {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.email === 'string' &&
    (v.role === 'admin' || v.role === 'player')
  );
}

function readStoredSession(): StoredSession | null {
  try {
    const token = localStorage.getItem(STORAGE_KEYS.token);
    const rawUser = localStorage.getItem(STORAGE_KEYS.currentUser);
    if (token && rawUser) {
      const user: unknown = JSON.parse(rawUser);
      if (looksLikeUser(user)) return { token, user };
    }
  } catch {
    // Unreadable storage or JSON: treated as signed out below.
  }
  return null;
}

function clearStoredSession() {
  try {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.currentUser);
  } catch {
    // Storage unavailable: nothing to clear.
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<StoredSession | null>(null);
  const [initialising, setInitialising] = useState(true);
  const [loggingIn, setLoggingIn] = useState(false);
  // The api client reads the token through this ref, so one client serves the whole app.
  const tokenRef = useRef<string | null>(null);

  const signOutLocally = useCallback(() => {
    clearStoredSession();
    tokenRef.current = null;
    setSession(null);
  }, []);

  const updateUser = useCallback((patch: Partial<SessionUserValue>) => {
    setSession((current) => {
      if (!current) return current;
      const user = { ...current.user, ...patch };
      try {
        localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
      } catch {
        // Storage unavailable: the change holds for this page.
      }
      return { ...current, user };
    });
  }, []);

  const request = useMemo(
    () =>
      createRequest({
        getToken: () => tokenRef.current,
        onUnauthorized: () => signOutLocally(),
        onPasswordChangeRequired: () => updateUser({ mustChangePassword: true }),
      }),
    [signOutLocally, updateUser],
  );
  const api = useMemo(() => createApiClient(request), [request]);

  useEffect(() => {
    const stored = readStoredSession();
    if (stored) {
      tokenRef.current = stored.token;
      setSession(stored);
    } else {
      clearStoredSession();
    }
    setInitialising(false);

    // Another tab signed in or out: follow it.
    const onStorage = (event: StorageEvent) => {
      if (
        event.key !== null &&
        event.key !== STORAGE_KEYS.token &&
        event.key !== STORAGE_KEYS.currentUser
      ) {
        return;
      }
      const next = readStoredSession();
      tokenRef.current = next?.token ?? null;
      setSession(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const login = useCallback(
    async (email: string, password: string) => {
      setLoggingIn(true);
      try {
        const response = await api.auth.login(email, password);
        localStorage.setItem(STORAGE_KEYS.token, response.token);
        localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(response.user));
        tokenRef.current = response.token;
        setSession({ token: response.token, user: response.user });
        return response.user;
      } finally {
        setLoggingIn(false);
      }
    },
    [api],
  );

  const logout = useCallback(async () => {
    try {
      if (tokenRef.current) await api.auth.logout();
    } catch {
      // The session is ended locally even when the server cannot be told (reference §4).
    } finally {
      signOutLocally();
    }
  }, [api, signOutLocally]);

  const value = useMemo<SessionValue>(
    () => ({
      user: session?.user ?? null,
      mustChangePassword: session?.user.mustChangePassword === true,
      token: session?.token ?? null,
      isAdmin: session?.user.role === 'admin',
      loading: initialising || loggingIn,
      login,
      logout,
      updateUser,
      request,
      api,
    }),
    [session, initialising, loggingIn, login, logout, updateUser, request, api],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** The session's authenticated request function: what every feature's fetchers call. */
export function useRequest(): ApiRequest {
  return useSession().request;
}

/** The shell's own endpoints on the session's request function. Remotes use useRequest(). */
export function useApi(): ApiClient {
  return useSession().api;
}

/** "Administrator" or "Team Member" (reference §2 Profile). */
export function roleLabel(role: User['role']): string {
  return role === 'admin' ? 'Administrator' : 'Team Member';
}
