/** Production build of the chat remote: `npm run build -w mfe-chat`. */
import { buildRemote } from '@teamapp/webpack-config';
import * as remote from './remote.config';

buildRemote(import.meta.dirname, remote);
