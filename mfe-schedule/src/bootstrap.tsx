/**
 * Standalone mount for development: the remote's pages with their own providers and router. In
 * the platform the shell renders the exposed modules inside its own providers instead.
 */
import mantineStyles from '@mantine/core/styles.css';
import { mountStandalone } from '@teamapp/ui/src/standalone';
import SchedulePage from './exposed/schedule-page';

void mountStandalone({
  basename: '/mfe/schedule',
  pages: {
    '/schedule': SchedulePage,
  },
  home: '/schedule',
  stylesheetHref: mantineStyles,
});
