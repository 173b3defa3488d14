/** Queue `events-branding`: keeps the club's branding, which the one-tap answer pages wear. */
import { defineConsumer, type Logger } from '@teamapp/service-kit';
import type { BrandingUseCases } from '../domain/branding';

export const eventsBrandingConsumer = (branding: BrandingUseCases, log: Logger) =>
  defineConsumer({
    queue: 'events-branding',
    // One at a time: the newest-wins check is atomic anyway, this just keeps the log in order.
    concurrency: 1,
    handle: (event) => branding.remember(event, log),
  });
