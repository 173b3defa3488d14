/** startServiceHarness: one small real service (Koa app, Redis, queues) started and closed by it. */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createRouter } from './app';
import { createAuthenticator } from './auth';
import { baseConfigShape, parseConfig, type BaseConfig } from './config';
import { buildBase } from './foundation';
import { SessionStore } from './sessions';
import { startServiceHarness, testKeyPair } from './testing';

/** A service that knows who is calling and publishes a branding change on request. */
async function createProbeService(config: BaseConfig, closed: string[]) {
  const base = buildBase({ name: 'probe', config });
  const auth = createAuthenticator(
    testKeyPair().publicKey,
    new SessionStore(base.redis, config.REDIS_PREFIX),
  );
  const router = createRouter('/api/probe');
  router.get('/me', auth.requireAuth, (ctx) => {
    ctx.body = { user: ctx.state.user };
  });
  router.post('/title', async (ctx) => {
    await base.queues.add(
      'branding',
      { appTitle: 'Probe FC', updatedAt: new Date().toISOString() },
      randomUUID(),
    );
    ctx.status = 204;
  });
  return {
    app: base.createApp({ routers: [router] }),
    close: async () => {
      await base.close();
      closed.push('service');
    },
  };
}

describe('startServiceHarness', () => {
  it('when a token is minted, then the service accepts it on the harness prefix', async () => {
    const closed: string[] = [];
    const h = await startServiceHarness({
      loadConfig: (env) => parseConfig(baseConfigShape, env),
      create: (config) => createProbeService(config, closed),
    });
    try {
      const player = await h.userFor('player');
      const res = await request(h.server)
        .get('/api/probe/me')
        .set({ Authorization: `Bearer ${player.token}` });

      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ id: player.userId, role: 'player' });
      expect(h.prefix).toMatch(/^teamapp-test:/);
    } finally {
      await h.close();
    }
  });

  it('when the service publishes, then published() returns the payloads of that queue', async () => {
    const h = await startServiceHarness({
      loadConfig: (env) => parseConfig(baseConfigShape, env),
      create: (config) => createProbeService(config, []),
    });
    try {
      await request(h.server).post('/api/probe/title').expect(204);

      expect(await h.published('branding')).toEqual([
        expect.objectContaining({ appTitle: 'Probe FC' }),
      ]);
    } finally {
      await h.close();
    }
  });

  it('when closed, then the service closes first and deferred cleanups run last first', async () => {
    const closed: string[] = [];
    const h = await startServiceHarness({
      loadConfig: (env) => parseConfig(baseConfigShape, env),
      create: (config) => createProbeService(config, closed),
    });
    h.defer(() => {
      closed.push('first deferred');
    });
    h.defer(async () => {
      closed.push('second deferred');
    });

    await h.close();

    expect(closed).toEqual(['service', 'second deferred', 'first deferred']);
  });
});
