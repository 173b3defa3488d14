/** Queue `auth-branding`: keeps the club's app title, which the first team is named after. */
import { defineConsumer, type Logger } from '@teamapp/service-kit';
import type { TeamUseCases } from '../domain/teams';

export const brandingConsumer = ({ teams, log }: { teams: TeamUseCases; log: Logger }) =>
  defineConsumer({
    queue: 'auth-branding',
    // One at a time: the newest-wins check is atomic anyway, this just keeps the log in order.
    concurrency: 1,
    handle: (event) => teams.rememberBranding(event, log),
  });
