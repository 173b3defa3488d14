/**
 * Standalone mount for development: the remote's pages with their own providers and router. In
 * the platform the shell renders the exposed modules inside its own providers instead.
 */
import mantineStyles from '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { Box } from '@mantine/core';
import { AppProviders, linkStylesheet } from '@teamapp/ui';
import NewsPage from './exposed/news-page';
import PlayersPage from './exposed/players-page';
import ShowcasePage from './exposed/showcase-page';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Render once the stylesheet is in, so the first paint is styled.
void linkStylesheet(mantineStyles).then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter basename="/mfe/club">
          <Box p="md" component="main">
            <Routes>
              <Route path="/players" element={<PlayersPage />} />
              <Route path="/news" element={<NewsPage />} />
              <Route path="/" element={<ShowcasePage />} />
              <Route path="*" element={<Navigate to="/players" replace />} />
            </Routes>
          </Box>
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
