/** Starts the content service. */
import { runService } from '@teamapp/service-kit';
import { createContentService } from './app';
import { loadContentConfig } from './config';

runService({
  name: 'content',
  loadConfig: () => loadContentConfig(),
  create: createContentService,
});
