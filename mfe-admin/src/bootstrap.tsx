/**
 * Standalone mount for development: the remote with its own providers and router. In the
 * platform the shell renders `./AdminApp` inside its own providers instead.
 */
import mantineStyles from '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Box } from '@mantine/core';
import { AppProviders, linkStylesheet } from '@teamapp/ui';
import AdminApp from './exposed/admin-app';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Render once the stylesheet is in, so the first paint is styled.
void linkStylesheet(mantineStyles).then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter basename="/mfe/admin">
          <Box p="md">
            <AdminApp />
          </Box>
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
