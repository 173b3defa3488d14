/**
 * Starts the light login page and hands over to the full app: after sign-in (the session is in
 * storage, the app routes on from /login), or with the "Forgot your password?" dialog open.
 */
import { createRoot } from 'react-dom/client';
import { leaveHandoff } from './handoff';
import { LIGHT_LOGIN_CSS, LightLoginPage } from './light-login-page';

const loadApp = () => import('../bootstrap');

export function startLightLogin(container: HTMLElement): void {
  const style = document.createElement('style');
  style.textContent = LIGHT_LOGIN_CSS;
  document.head.appendChild(style);
  const root = createRoot(container);

  let handingOver: Promise<void> | null = null;
  const handOver = (email: string, openForgot: boolean) => {
    handingOver ??= loadApp()
      .then(({ mountApp }) => {
        leaveHandoff({ email, openForgot });
        return mountApp(container, () => {
          root.unmount();
          style.remove();
        });
      })
      // The app's files could not be loaded: a full page load starts it from storage instead.
      .catch(() => window.location.reload());
    return handingOver;
  };

  let preloaded = false;
  const preload = () => {
    if (preloaded) return;
    preloaded = true;
    void loadApp();
  };

  root.render(
    <LightLoginPage
      onSignedIn={(email) => handOver(email, false)}
      onForgot={(email) => void handOver(email, true)}
      onIntent={preload}
    />,
  );
}
