/** Queue `branding`: remembers the club's app title that content published. */
import { defineConsumer } from '@teamapp/service-kit';
import type { MailerDeps } from '../deps';

export const brandingConsumer = ({ branding, log }: MailerDeps) =>
  defineConsumer({
    queue: 'branding',
    // One at a time: the newest-wins check is atomic anyway, this just keeps the log in order.
    concurrency: 1,
    handle: async (event) => {
      const kept = await branding.remember(event);
      log.info({ appTitle: event.appTitle, kept }, 'branding received');
    },
  });
