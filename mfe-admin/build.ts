/** Production build of the admin remote: `npm run build -w mfe-admin`. */
import { buildRemote } from '@teamapp/webpack-config';
import * as remote from './remote.config';

buildRemote(import.meta.dirname, remote);
