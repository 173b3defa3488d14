/** Starts the auth service: config, dependencies, listen; drains on SIGTERM. */
import { drainOnSignals, listen } from '@teamapp/service-kit';
import { createAuthService } from './app';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD, loadAuthConfig } from './config';

async function main() {
  const config = loadAuthConfig();
  const service = await createAuthService(config);
  const server = await listen(service.app, config.SERVICE_PORT, config.HOST);
  service.deps.log.info({ port: config.SERVICE_PORT }, 'auth service listening');
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) {
    service.deps.log.warn(
      { email: DEV_ADMIN_EMAIL, password: DEV_ADMIN_PASSWORD },
      'using the development admin account; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own',
    );
  }
  drainOnSignals(server, service.deps.log, [service.close]);
}

main().catch((err: unknown) => {
  process.stderr.write(`auth service failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
