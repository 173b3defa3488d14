import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { KEEP_ALIVE_TIMEOUT_MS, listen } from './run';

function get(agent: http.Agent, port: number) {
  return new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket }));
    });
    req.on('error', reject);
  });
}

describe('listen', () => {
  it('keeps idle keep-alive connections longer than the gateway keeps them (60 s)', async () => {
    const app = new Koa();
    app.use((ctx) => {
      ctx.body = 'ok';
    });
    const server = await listen(app, 0, '127.0.0.1');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
      expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
      expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);

      // Idle past Node's own default (5 s): the same connection still serves the next request.
      const { port } = server.address() as AddressInfo;
      const first = await get(agent, port);
      // A real wait: the keep-alive timer is Node's own, inside its socket code, with no clock
      // to inject; only idling past its 5 s default shows the connection outlives it.
      await new Promise((r) => setTimeout(r, 5_500));
      const second = await get(agent, port);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 20_000);
});
