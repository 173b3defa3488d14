/**
 * Starts the login page on React alone (light-login-page.tsx) and hands over to the full app
 * after sign-in: the session is in storage, and the app routes on from /login.
 */
import { createRoot } from 'react-dom/client';
import { leaveHandoff } from './handoff';
import { LightLoginPage } from './light-login-page';

const loadApp = () => import('../bootstrap');

export function startLightLogin(container: HTMLElement): void {
  const root = createRoot(container);

  let handingOver: Promise<void> | null = null;
  const handOver = (email: string) => {
    handingOver ??= loadApp()
      .then(({ mountApp }) => {
        leaveHandoff({ email });
        return mountApp(container, () => root.unmount());
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

  root.render(<LightLoginPage onSignedIn={handOver} onIntent={preload} />);
}
