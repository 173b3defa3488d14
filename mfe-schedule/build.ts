/** Production build of the schedule remote: `npm run build -w mfe-schedule`. */
import { buildRemote } from '@teamapp/webpack-config';
import * as remote from './remote.config';

buildRemote(import.meta.dirname, remote);
