/** Starts the auth service; in development it says which admin account it seeded. */
import { runService } from '@teamapp/service-kit';
import { createAuthService } from './app';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD, loadAuthConfig } from './config';

runService({
  name: 'auth',
  loadConfig: () => loadAuthConfig(),
  create: createAuthService,
  afterListen: (config, service) => {
    if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) {
      service.base.log.warn(
        { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD },
        'using the development admin account (its first sign-in chooses a new password); set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own',
      );
    }
  },
});
