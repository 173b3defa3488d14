/** Starts the tasks service. */
import { runService } from '@teamapp/service-kit';
import { createTasksService } from './app';
import { loadTasksConfig } from './config';

runService({
  name: 'tasks',
  loadConfig: () => loadTasksConfig(),
  create: createTasksService,
});
