/**
 * Standalone mount for development: the remote's pages with their own providers and router. In
 * the platform the shell renders the exposed modules inside its own providers instead.
 */
import mantineStyles from '@mantine/core/styles.css';
import { mountStandalone } from '@teamapp/ui/src/standalone';
import NewsPage from './exposed/news-page';
import PlayersPage from './exposed/players-page';
import ShowcasePage from './exposed/showcase-page';

void mountStandalone({
  basename: '/mfe/club',
  pages: {
    '/players': PlayersPage,
    '/news': NewsPage,
    '/': ShowcasePage,
  },
  home: '/players',
  stylesheetHref: mantineStyles,
});
