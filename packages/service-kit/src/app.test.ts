/**
 * The app factory's request handling: a path matches its route only as written (no trailing
 * slash, no other case), and the client's address is the one the gateway saw.
 */
import { Router } from '@koa/router';
import request from 'supertest';
import { createRouter, createServiceApp } from './app';
import { createLogger } from './logger';
import type { PublicContext } from './validate';

const router = createRouter('/api/things');
router.get('/', (ctx: PublicContext) => {
  ctx.body = { success: true, data: [] };
});
router.post('/login', (ctx: PublicContext) => {
  ctx.body = { success: true, ip: ctx.ip };
});
const app = createServiceApp({
  logger: createLogger('things', 'silent'),
  routers: [router],
  readiness: [],
});
const server = app.callback();

describe('paths', () => {
  it('when a route is asked for as written, then it answers', async () => {
    expect((await request(server).post('/api/things/login')).status).toBe(200);
    expect((await request(server).get('/api/things')).body).toEqual({ success: true, data: [] });
    expect((await request(server).get('/api/things?page=2')).status).toBe(200);
  });

  it.each(['/api/things/login/', '/api/things/LOGIN', '/api/Things/login', '/API/things/login'])(
    'when %s is asked for, then 404 with a JSON body, not the route',
    async (path) => {
      const res = await request(server).post(path);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toMatchObject({ success: false, code: 'not_found' });
    },
  );

  it('when a list is asked for with a trailing slash, then 404', async () => {
    expect((await request(server).get('/api/things/')).status).toBe(404);
  });

  it('when a router matches paths in any case, then the app refuses to be built', () => {
    expect(() =>
      createServiceApp({
        logger: createLogger('things', 'silent'),
        routers: [new Router({ prefix: '/api/loose' })],
        readiness: [],
      }),
    ).toThrow('make it with createRouter()');
  });
});

describe('the client address', () => {
  it('when X-Forwarded-For has several entries, then only the last (the gateway’s) is trusted', async () => {
    const res = await request(server)
      .post('/api/things/login')
      .set('X-Forwarded-For', '203.0.113.7, 198.51.100.20');
    expect(res.body.ip).toBe('198.51.100.20');
  });

  it('when X-Forwarded-For has one entry, then that is the address', async () => {
    const res = await request(server)
      .post('/api/things/login')
      .set('X-Forwarded-For', '198.51.100.21');
    expect(res.body.ip).toBe('198.51.100.21');
  });
});
