/**
 * The login page as a signed-out first visit to /login starts it, on React alone: the app title
 * as the branding provider keeps it, and a sign-in stored as the session provider stores it, after
 * which the full app takes over (start.tsx). `onIntent` fires at the first interaction so the
 * full app can load while the visitor types. The page itself is features/auth/login-page.tsx.
 */
import { useEffect, useState } from 'react';
import { call, createRequest } from '@teamapp/api-client';
import {
  authEndpoints,
  DEFAULT_APP_TITLE,
  settingsEndpoints,
  STORAGE_KEYS,
} from '@teamapp/contracts';
import { LoginPage } from '../features/auth/login-page';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string | null) {
  try {
    if (value) localStorage.setItem(key, value);
    else localStorage.removeItem(key);
  } catch {
    // Storage unavailable: this page still works.
  }
}

const request = createRequest();

/** The app title, as the branding provider keeps it: the stored copy, then the server's. */
function useAppTitle(): string {
  const [appTitle, setAppTitle] = useState(
    () => stored(STORAGE_KEYS.appTitle) || DEFAULT_APP_TITLE,
  );
  useEffect(() => {
    let live = true;
    call(request, settingsEndpoints.get)
      .then(({ data }) => {
        // Mirrored as the branding provider does, so the full app starts from the same values.
        store(STORAGE_KEYS.appTitle, data.appTitle);
        store(STORAGE_KEYS.headerColor, data.headerColor);
        store(STORAGE_KEYS.logoBackground, data.logoBackground);
        store(STORAGE_KEYS.teamLogo, data.logoUrl || null);
        if (live) setAppTitle(data.appTitle || DEFAULT_APP_TITLE);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    document.title = `Login · ${appTitle}`;
  }, [appTitle]);
  return appTitle;
}

export interface LightLoginPageProps {
  /** Signed in and stored: the full app takes over. */
  onSignedIn: (email: string) => Promise<void>;
  /** The first focus, key or pointer press: a good moment to load the full app. */
  onIntent: () => void;
}

export function LightLoginPage({ onSignedIn, onIntent }: LightLoginPageProps) {
  const appTitle = useAppTitle();

  async function signIn(email: string, password: string) {
    const response = await call(request, authEndpoints.login, { body: { email, password } });
    // Stored as the session provider stores it; the full app signs in from storage.
    store(STORAGE_KEYS.token, response.token);
    store(STORAGE_KEYS.currentUser, JSON.stringify(response.user));
    await onSignedIn(email);
  }

  return <LoginPage appTitle={appTitle} signIn={signIn} onIntent={onIntent} />;
}
