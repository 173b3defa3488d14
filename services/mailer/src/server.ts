/** Starts the mailer. */
import { runService } from '@teamapp/service-kit';
import { createMailerService } from './app';
import { loadMailerConfig } from './config';

runService({ name: 'mailer', loadConfig: () => loadMailerConfig(), create: createMailerService });
