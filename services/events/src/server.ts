/** Starts the events service. */
import { runService } from '@teamapp/service-kit';
import { createEventsService } from './app';
import { loadEventsConfig } from './config';

runService({
  name: 'events',
  loadConfig: () => loadEventsConfig(),
  create: createEventsService,
});
