/** Production build of the club remote: `npm run build -w mfe-club`. */
import { buildRemote } from '@teamapp/webpack-config';
import * as remote from './remote.config';

buildRemote(import.meta.dirname, remote);
