/**
 * The light login page: what a signed-out first visit to /login shows, built on React alone (no
 * UI library, router or query client), so a phone has a usable Sign In after React and little
 * else. It looks and reads like the full page (features/auth/login-page.tsx): the same texts,
 * labels, live regions and focus rings. It hands over to the full app once signed in, or when the
 * visitor asks for the "Forgot your password?" dialog; `onIntent` fires at the first interaction
 * so the full app can load while they type.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { call, createRequest } from '@teamapp/api-client';
import {
  authEndpoints,
  DEFAULT_APP_TITLE,
  STORAGE_KEYS,
  type BrandingSettings,
  type LoginResponse,
} from '@teamapp/contracts';
import { loginErrorText, SIGNING_IN } from '../features/auth/login-errors';

/** Mantine's look for the few parts this page uses (theme: blue.8 primary, gray.0 page). */
export const LIGHT_LOGIN_CSS = `
body{margin:0}
.tl-page{box-sizing:border-box;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;background:#f8f9fa;color:#000;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;font-size:16px;line-height:1.55;-webkit-font-smoothing:antialiased}
.tl-page *,.tl-page *::before,.tl-page *::after{box-sizing:border-box}
.tl-paper{width:100%;max-width:420px;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:32px;box-shadow:0 1px 3px rgba(0,0,0,.05),rgba(0,0,0,.05) 0 10px 15px -5px,rgba(0,0,0,.04) 0 7px 7px -5px}
.tl-stack{display:flex;flex-direction:column;gap:16px}
.tl-title{margin:0;text-align:center;font-size:26px;font-weight:700;line-height:1.35}
.tl-field{display:flex;flex-direction:column;gap:2px}
.tl-label{font-size:14px;font-weight:500}
.tl-required{color:#c92a2a}
.tl-input{height:36px;width:100%;padding:0 12px;font:inherit;font-size:14px;color:#000;background:#fff;border:1px solid #ced4da;border-radius:8px}
.tl-input:focus{outline:none;border-color:#1971c2}
.tl-button{height:36px;width:100%;padding:0 18px;font:inherit;font-size:14px;font-weight:600;color:#fff;background:#1971c2;border:0;border-radius:8px;cursor:pointer}
.tl-button:hover{background:#1864ab}
.tl-button:disabled{cursor:not-allowed;color:#495057;background:#e9ecef}
.tl-link{align-self:center;padding:0;font:inherit;font-size:14px;color:#1971c2;background:none;border:0;text-decoration:underline;cursor:pointer}
.tl-button:focus-visible,.tl-link:focus-visible,.tl-input:focus-visible{outline:2px solid #1971c2;outline-offset:2px}
.tl-alert{padding:12px 16px;font-size:14px;color:#a51111;background:#fff5f5;border-radius:8px}
.tl-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`;

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
    request<{ data: BrandingSettings }>('GET', '/settings')
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
  /** "Forgot your password?": the full app takes over with its dialog open. */
  onForgot: (email: string) => void;
  /** The first focus, key or pointer press: a good moment to load the full app. */
  onIntent: () => void;
}

export function LightLoginPage({ onSignedIn, onForgot, onIntent }: LightLoginPageProps) {
  const appTitle = useAppTitle();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    let response: LoginResponse;
    try {
      response = await call(request, authEndpoints.login, {
        body: { email: email.trim(), password },
      });
    } catch (err) {
      setError(loginErrorText(err));
      setBusy(false);
      return;
    }
    // Stored as the session provider stores it; the full app signs in from storage.
    store(STORAGE_KEYS.token, response.token);
    store(STORAGE_KEYS.currentUser, JSON.stringify(response.user));
    await onSignedIn(email);
  }

  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="tl-page"
      onFocusCapture={onIntent}
      onPointerDownCapture={onIntent}
      onKeyDownCapture={onIntent}
    >
      <div className="tl-paper">
        <form onSubmit={onSubmit}>
          <div className="tl-stack">
            <h1 className="tl-title">{appTitle} Login</h1>
            <div role="alert" aria-live="assertive" aria-atomic>
              {error && <div className="tl-alert">{error}</div>}
            </div>
            <div className="tl-field">
              <label className="tl-label" htmlFor={`${id}-email`}>
                Email{' '}
                <span className="tl-required" aria-hidden>
                  *
                </span>
              </label>
              <input
                id={`${id}-email`}
                className="tl-input"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
            </div>
            <div className="tl-field">
              <label className="tl-label" htmlFor={`${id}-password`}>
                Password{' '}
                <span className="tl-required" aria-hidden>
                  *
                </span>
              </label>
              <input
                id={`${id}-password`}
                className="tl-input"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
            </div>
            <button type="submit" className="tl-button" disabled={busy}>
              {busy ? SIGNING_IN : 'Sign In'}
            </button>
            <button type="button" className="tl-link" onClick={() => onForgot(email)}>
              Forgot your password?
            </button>
          </div>
        </form>
      </div>
      <div className="tl-hidden" role="status" aria-live="polite" aria-atomic>
        {busy ? SIGNING_IN : ''}
      </div>
    </main>
  );
}
