/**
 * Starts the chat service: as every service (service-kit's runService), and the live hub takes
 * the server's WebSocket upgrades. On a signal the sockets close first (1001), so the server's
 * drain is not held open by them; clients reconnect to another replica and catch up.
 */
import { drainOnSignals, listen } from '@teamapp/service-kit';
import { createChatService } from './app';
import { loadChatConfig } from './config';

async function start() {
  const config = loadChatConfig();
  const service = await createChatService(config);
  const server = await listen(service.app, config.SERVICE_PORT, config.HOST);
  service.live.attach(server);
  service.base.log.info({ port: config.SERVICE_PORT }, 'chat service listening');
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => service.live.disconnectAll());
  }
  drainOnSignals(server, service.base.log, [service.close]);
}

start().catch((err: unknown) => {
  const text = err instanceof Error ? err.message : String(err);
  process.stderr.write(`chat service failed to start: ${text}\n`);
  process.exit(1);
});
