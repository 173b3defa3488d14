/**
 * Standalone mount for development: the remote's pages with their own providers and router. In
 * the platform the shell renders the exposed modules inside its own providers instead.
 */
import mantineStyles from '@mantine/core/styles.css';
import { mountStandalone } from '@teamapp/ui/src/standalone';
import SettingsPage from './exposed/settings-page';
import TeamsPage from './exposed/teams-page';
import UsersPage from './exposed/users-page';

void mountStandalone({
  basename: '/mfe/admin',
  pages: {
    '/users': UsersPage,
    '/settings': SettingsPage,
    '/teams': TeamsPage,
  },
  home: '/settings',
  stylesheetHref: mantineStyles,
});
