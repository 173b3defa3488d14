/**
 * The login page (reference §2 Login, §5 Forgot password, §8): "{appTitle} Login", email and
 * password, Sign In, and the "Forgot your password?" dialog. It is the only login page: a
 * signed-out first visit to /login shows it on React alone (light-login/, no UI library, router
 * or query client, so a phone has a usable Sign In quickly), and the full app's /login route
 * renders the same component (login-route.tsx). Its texts, rules and stylesheet live here; the
 * caller supplies the app title and how to sign in.
 */
import {
  useEffect,
  useId,
  useInsertionEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type Ref,
  type SyntheticEvent,
} from 'react';
import {
  ApiError,
  call,
  createRequest,
  LOGIN_FAILED,
  NETWORK_ERROR,
  userMessage,
} from '@teamapp/api-client';
import { passwordResetEndpoints, RESET_REQUESTED } from '@teamapp/contracts';
import { resetErrorText } from './reset-errors';

export const NETWORK_LOGIN_ERROR = 'Network error. Please check your connection and try again.';
export const SIGNING_IN = 'Signing in...';
const RESET_FAILED = 'Failed to send password reset email. Please try again.';

/** The text a failed sign-in shows. */
export function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (!error.fromServer && error.message === NETWORK_ERROR) return NETWORK_LOGIN_ERROR;
    return userMessage(error) || LOGIN_FAILED;
  }
  return LOGIN_FAILED;
}

/**
 * The page's one stylesheet, written out so the light start needs no UI library: the app theme's
 * look (blue.8 primary, gray.0 page, default radius and sizes) for the few parts used here.
 */
const LOGIN_CSS = `
body{margin:0}
.tl-page,.tl-dialog{box-sizing:border-box;color:#000;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;font-size:16px;line-height:1.55;-webkit-font-smoothing:antialiased}
.tl-page *,.tl-page *::before,.tl-page *::after,.tl-dialog *,.tl-dialog *::before,.tl-dialog *::after{box-sizing:border-box}
.tl-page{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;background:#f8f9fa}
.tl-paper{width:100%;max-width:420px;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:32px;box-shadow:0 1px 3px rgba(0,0,0,.05),rgba(0,0,0,.05) 0 10px 15px -5px,rgba(0,0,0,.04) 0 7px 7px -5px}
.tl-stack{display:flex;flex-direction:column;gap:16px}
.tl-title{margin:0;text-align:center;font-size:26px;font-weight:700;line-height:1.35}
.tl-field{display:flex;flex-direction:column;gap:2px}
.tl-label{font-size:14px;font-weight:500}
.tl-required{color:#c92a2a}
.tl-input{height:36px;width:100%;padding:0 12px;font:inherit;font-size:14px;color:#000;background:#fff;border:1px solid #ced4da;border-radius:8px}
.tl-input:focus{outline:none;border-color:#1971c2}
.tl-button{height:36px;width:100%;padding:0 18px;font:inherit;font-size:14px;font-weight:600;color:#fff;background:#1971c2;border:1px solid transparent;border-radius:8px;cursor:pointer}
.tl-button:hover{background:#1864ab}
.tl-button:disabled{cursor:not-allowed;color:#495057;background:#e9ecef}
.tl-button-default{color:#000;background:#fff;border-color:#ced4da}
.tl-button-default:hover{background:#f8f9fa}
.tl-link{align-self:center;padding:0;font:inherit;font-size:14px;color:#1971c2;background:none;border:0;text-decoration:underline;cursor:pointer}
.tl-button:focus-visible,.tl-link:focus-visible,.tl-input:focus-visible{outline:2px solid #1971c2;outline-offset:2px}
.tl-alert{padding:12px 16px;font-size:14px;color:#a51111;background:#fff5f5;border-radius:8px}
.tl-hint{margin:0;font-size:14px;color:#495057}
.tl-text{margin:0;font-size:16px}
.tl-actions{display:flex;justify-content:flex-end;flex-wrap:wrap;gap:16px}
.tl-actions .tl-button{width:auto}
.tl-dialog{width:calc(100% - 32px);max-width:440px;margin:auto;padding:16px;background:#fff;border:0;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.05),rgba(0,0,0,.05) 0 28px 23px -7px,rgba(0,0,0,.04) 0 12px 12px -7px}
.tl-dialog::backdrop{background:rgba(0,0,0,.6)}
.tl-dialog-title{margin:0 0 16px;font-size:16px;font-weight:600;line-height:1.55}
.tl-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`;
const STYLE_ID = 'login-page-css';

/** Puts the stylesheet in before the first paint; it stays once in (it only styles tl-*). */
function useLoginStylesheet() {
  useInsertionEffect(() => {
    if (document.getElementById(STYLE_ID)) return;
    const style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = LOGIN_CSS;
    document.head.appendChild(style);
  }, []);
}

const request = createRequest();

/** Mounted before anything goes wrong, so an error is announced when it appears. */
function ErrorRegion({ error }: { error: string | null }) {
  return (
    <div role="alert" aria-live="assertive" aria-atomic>
      {error && <div className="tl-alert">{error}</div>}
    </div>
  );
}

function TextField({
  label,
  value,
  onChange,
  type,
  autoComplete,
  inputRef,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type: 'email' | 'password';
  autoComplete?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div className="tl-field">
      <label className="tl-label" htmlFor={id}>
        {label}{' '}
        <span className="tl-required" aria-hidden>
          *
        </span>
      </label>
      <input
        ref={inputRef}
        id={id}
        className="tl-input"
        type={type}
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </div>
  );
}

/**
 * "Reset Password": one email field, Cancel and Send Reset Instructions; once sent, "Check Your
 * Email" with Close. A modal <dialog>: focus starts in Email (then on Close once sent), Escape
 * and Cancel close it, and the caller gives focus back to its opener.
 */
function ForgotPasswordDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Without showModal (older browsers) it opens in place, still closed by Escape and Cancel.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    emailInput.current?.focus();
  }, []);

  // The form (and the focused submit button) is gone once sent: focus moves to Close.
  useEffect(() => {
    if (sent) closeButton.current?.focus();
  }, [sent]);

  // Leaves the top layer first, so the opener can take focus back.
  function close() {
    const element = dialog.current;
    if (element && typeof element.close === 'function') element.close();
    onClose();
  }

  function dismiss(event: SyntheticEvent) {
    event.preventDefault();
    close();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return;
    setSending(true);
    setError(null);
    try {
      await call(request, passwordResetEndpoints.request, {
        body: { email: email.trim().toLowerCase() },
      });
      setSent(true);
    } catch (err) {
      setError(resetErrorText(err, RESET_FAILED));
    } finally {
      setSending(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      className="tl-dialog"
      aria-labelledby={titleId}
      onCancel={dismiss}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Escape') dismiss(event);
      }}
    >
      <h2 id={titleId} className="tl-dialog-title">
        {sent ? 'Check Your Email' : 'Reset Password'}
      </h2>
      <div role="status" aria-live="polite" aria-atomic>
        {sent && <p className="tl-text">{RESET_REQUESTED}</p>}
      </div>
      {sent ? (
        <div className="tl-actions">
          <button ref={closeButton} type="button" className="tl-button" onClick={close}>
            Close
          </button>
        </div>
      ) : (
        <form onSubmit={onSubmit}>
          <div className="tl-stack">
            <p className="tl-hint">
              Enter your email address and we will send you instructions to reset your password.
            </p>
            <ErrorRegion error={error} />
            <TextField
              label="Email"
              type="email"
              value={email}
              onChange={setEmail}
              inputRef={emailInput}
            />
            <div className="tl-actions">
              <button type="button" className="tl-button tl-button-default" onClick={close}>
                Cancel
              </button>
              <button
                type="submit"
                className="tl-button"
                disabled={!email.trim() || sending}
                aria-busy={sending || undefined}
              >
                Send Reset Instructions
              </button>
            </div>
          </div>
        </form>
      )}
    </dialog>
  );
}

export interface LoginPageProps {
  appTitle: string;
  /** Signs in with the trimmed email; rejects with the error whose text the page shows. */
  signIn: (email: string, password: string) => Promise<void>;
  initialEmail?: string;
  /** The first focus, key or pointer press on the page. */
  onIntent?: () => void;
}

export function LoginPage({ appTitle, signIn, initialEmail = '', onIntent }: LoginPageProps) {
  useLoginStylesheet();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const forgotButton = useRef<HTMLButtonElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await signIn(email.trim(), password);
    } catch (err) {
      setError(loginErrorText(err));
      setBusy(false);
    }
  }

  function closeForgot() {
    setForgotOpen(false);
    forgotButton.current?.focus();
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
            <ErrorRegion error={error} />
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={setEmail}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
            />
            <button type="submit" className="tl-button" disabled={busy}>
              {busy ? SIGNING_IN : 'Sign In'}
            </button>
            <button
              ref={forgotButton}
              type="button"
              className="tl-link"
              onClick={() => setForgotOpen(true)}
            >
              Forgot your password?
            </button>
          </div>
        </form>
      </div>
      {/* The button's "Signing in..." is announced from here (outside the form's layout). */}
      <div className="tl-hidden" role="status" aria-live="polite" aria-atomic>
        {busy ? SIGNING_IN : ''}
      </div>
      {forgotOpen && <ForgotPasswordDialog onClose={closeForgot} />}
    </main>
  );
}
