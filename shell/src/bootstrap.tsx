/** Mounts the shell: providers, router and the federation runtime. */
import mantineStyles from '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, linkStylesheet } from '@teamapp/ui';
import { App } from './app/app';
import { RemoteUnavailableError } from './remotes/remote-registry';
import { PwaRuntime } from './sw/pwa-runtime';

/**
 * Renders the app into `container` once the stylesheet is in, so the first paint is styled;
 * `beforeRender` runs just before (the light login page unmounts itself there).
 */
export async function mountApp(container: HTMLElement, beforeRender?: () => void): Promise<void> {
  await linkStylesheet(mantineStyles);
  beforeRender?.();
  createRoot(container, {
    // An unavailable remote is an expected, handled state (its boundary shows it); only report
    // real crashes.
    onCaughtError: (error, info) => {
      if (error instanceof RemoteUnavailableError) return;
      console.error(error, info.componentStack);
    },
  }).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <App />
        </BrowserRouter>
        <PwaRuntime />
      </AppProviders>
    </StrictMode>,
  );
}
