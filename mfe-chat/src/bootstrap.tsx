/**
 * Standalone mount for development: the remote's pages with their own providers and router. In
 * the platform the shell renders the exposed modules inside its own providers instead.
 */
import mantineStyles from '@mantine/core/styles.css';
import { mountStandalone } from '@teamapp/ui/src/standalone';
import ChatPage from './exposed/chat-page';

void mountStandalone({
  basename: '/mfe/chat',
  pages: {
    '/chat': ChatPage,
  },
  home: '/chat',
  stylesheetHref: mantineStyles,
});
