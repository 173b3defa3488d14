/**
 * Starts the chat service: as every service (service-kit's runService, so it serves its metrics
 * on its port + 1000 too), and the live hub takes the server's WebSocket upgrades. On a signal the
 * sockets close first (1001), so the server's drain is not held open by them; clients reconnect
 * to another replica and catch up.
 */
import { runService } from '@teamapp/service-kit';
import { createChatService } from './app';
import { loadChatConfig } from './config';

runService({
  name: 'chat',
  loadConfig: () => loadChatConfig(),
  create: createChatService,
  afterListen: (_config, service, server) => {
    service.live.attach(server);
    // Registered before runService's drain handlers, so the sockets close before the server does.
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => service.live.disconnectAll());
    }
  },
});
