/**
 * Standalone mount for a remote in development: its pages with their own providers and router,
 * under the remote's own public path. In the platform the shell renders the exposed modules inside
 * its own providers instead. Import it by path (`@teamapp/ui/src/standalone`), never through the
 * package's index: it brings react-dom/client, which the shared UI module must not carry.
 */
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { Box } from '@mantine/core';
// Through the package name, so the pages and this mount share the one federated UI module (and
// its contexts) rather than this file carrying a second copy.
import { AppProviders, linkStylesheet } from '@teamapp/ui';

export interface StandaloneOptions {
  /** The remote's public path without its trailing slash, e.g. /mfe/chat */
  basename: string;
  /** Page components by route path, e.g. { '/chat': ChatPage }. */
  pages: Record<string, ComponentType>;
  /** Where any other path goes. */
  home: string;
  /** The Mantine stylesheet's address, linked before the first render so it paints styled. */
  stylesheetHref: string;
}

export function mountStandalone({ basename, pages, home, stylesheetHref }: StandaloneOptions) {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  return linkStylesheet(stylesheetHref).then(() =>
    createRoot(container).render(
      <StrictMode>
        <AppProviders>
          <BrowserRouter basename={basename}>
            <Box p="md" component="main">
              <Routes>
                {Object.entries(pages).map(([path, Page]) => (
                  <Route key={path} path={path} element={<Page />} />
                ))}
                <Route path="*" element={<Navigate to={home} replace />} />
              </Routes>
            </Box>
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
}
