import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import request from 'supertest';
import { createLogger, requestLogging, type Logger } from './logger';
import { currentRequestId } from './request-context';

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** An app whose handler signs a member in when asked, then logs a line of its own. */
function appLoggingTo(level: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'teamapp-request-log-')), 'app.log');
  const app = new Koa();
  app.use(requestLogging(createLogger('teams', level, file)));
  app.use((ctx) => {
    if (ctx.query.member) ctx.state.user = { id: String(ctx.query.member) };
    const log: Logger = ctx.state.log;
    log.info({ step: 'handler' }, 'working');
    ctx.body = { ok: true, context: currentRequestId() ?? null };
  });
  return { server: app.callback(), file };
}

describe('requestLogging', () => {
  it('when a member is signed in, then the lines written during the request and its closing line name the request, the route and the member', async () => {
    const { server, file } = appLoggingTo('info');

    const res = await request(server).get('/api/teams?member=u-7').set('X-Request-Id', 'req-1');

    expect(res.headers['x-request-id']).toBe('req-1');
    const written = lines(file);
    expect(written).toHaveLength(2);
    expect(written[0]).toMatchObject({
      msg: 'working',
      step: 'handler',
      requestId: 'req-1',
      method: 'GET',
      path: '/api/teams',
      userId: 'u-7',
    });
    expect(written[1]).toMatchObject({
      msg: 'request done',
      status: 200,
      requestId: 'req-1',
      method: 'GET',
      path: '/api/teams',
      userId: 'u-7',
    });
    expect(typeof written[1]!.ms).toBe('number');
  });

  it('when nobody is signed in, then the lines carry no member and a made-up request id', async () => {
    const { server, file } = appLoggingTo('info');

    const res = await request(server).get('/api/teams');

    const written = lines(file);
    expect(written.map((l) => l.msg)).toEqual(['working', 'request done']);
    for (const line of written) {
      expect(line).not.toHaveProperty('userId');
      expect(line.requestId).toBe(res.headers['x-request-id']);
    }
  });

  it('when a write is served, then its lines name the request once and the work it queues can read the id from the context', async () => {
    const { server, file } = appLoggingTo('info');

    const res = await request(server).post('/api/teams?member=u-9').set('X-Request-Id', 'req-2');

    // Jobs queued during a request (outbox, queues) take the id from the context.
    expect(res.body.context).toBe('req-2');
    const written = lines(file);
    expect(written.map((l) => l.msg)).toEqual(['working', 'request done']);
    for (const line of written) {
      expect(line).toMatchObject({ requestId: 'req-2', method: 'POST', userId: 'u-9' });
    }
    // Once per line: pino would write a key the bindings and the mixin both gave twice.
    for (const text of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
      expect(text.match(/"requestId"/g)).toHaveLength(1);
    }
  });

  it('when a read is served, then its lines name the request once, from its own logger, with no context switched on', async () => {
    const { server, file } = appLoggingTo('info');

    const res = await request(server).get('/api/teams?member=u-4').set('X-Request-Id', 'req-3');

    // Reads queue nothing: they run outside the context, which costs every promise while on.
    expect(res.body.context).toBeNull();
    const texts = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(texts).toHaveLength(2);
    for (const text of texts) {
      expect(text.match(/"requestId"/g)).toHaveLength(1);
      expect(JSON.parse(text)).toMatchObject({ requestId: 'req-3', method: 'GET', userId: 'u-4' });
    }
  });

  it('when the level is above info, then nothing is written for an ordinary request', async () => {
    const { server, file } = appLoggingTo('warn');

    const res = await request(server).get('/api/teams?member=u-7');

    expect(res.status).toBe(200);
    expect(lines(file)).toEqual([]);
  });

  it('when a calendar feed is fetched by its secret URL, then no line carries the token, found or not', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'teamapp-request-log-')), 'app.log');
    const app = new Koa();
    app.use(requestLogging(createLogger('events', 'info', file)));
    app.use((ctx) => {
      const log: Logger = ctx.state.log;
      log.info('serving');
      if (ctx.path.includes('missing')) ctx.status = 404;
      else ctx.body = 'BEGIN:VCALENDAR';
    });
    const token = 'Zq8xK2mP4vN7wR1tY6uB3cD5eF9gH0jL';
    const paths = [
      `/api/calendar/${token}.ics`,
      `/API/Calendar/${token}.ICS/`,
      `/api/calendar/${token}missing.ics?x=1`,
      '/api/calendar/feed',
      '/api/calendar/feed/regenerate',
    ];
    // Spellings that reach a service through the gateway as written (it matches its locations
    // on the normalised path and passes the path on untouched): no route serves them, but each
    // is logged, and must not carry the token either.
    const respelled = [
      `/api/%63alendar/${token}.ics`,
      `/api/%2563alendar/${token}.ics`,
      `//api/calendar/${token}.ics`,
      `/api//calendar/${token}.ics`,
      `/api/calendar%2F${token}.ics`,
      `/api/calendar/feed/..%2F${token}.ics`,
      `/api/%zz/../calendar/${token}.ics`,
    ];

    for (const asked of [...paths, ...respelled]) await request(app.callback()).get(asked);

    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(token);
    const logged = lines(file).map((l) => l.path);
    expect(logged).toEqual([
      ...Array<string>(6).fill('/api/calendar/[redacted]'),
      '/api/calendar/feed',
      '/api/calendar/feed',
      '/api/calendar/feed/regenerate',
      '/api/calendar/feed/regenerate',
      ...Array<string>(respelled.length * 2).fill('/api/calendar/[redacted]'),
    ]);
  });
  it('when a one-tap answer link is opened or confirmed, however spelled, then no line carries its token', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'teamapp-request-log-')), 'app.log');
    const app = new Koa();
    app.use(requestLogging(createLogger('events', 'info', file)));
    app.use((ctx) => {
      const log: Logger = ctx.state.log;
      log.info('serving');
      ctx.body = 'page';
    });
    const token = 'c2b1e7a0-1d9e-4c1b-9f0e-3f7a2b6c8d4e.attending.1999999999.Qm9vdHNBbmRCYWxscw';
    // A child's link in a guardian's reminder (its `children`) also names the guardian.
    const guardian = '5d0c3a9e-8b1f-4e27-a6d4-9c2e7f1b3a60';
    const childs = `c2b1e7a0-1d9e-4c1b-9f0e-3f7a2b6c8d4e.maybe.1999999998.${guardian}.R3VhcmRpYW5MaW5r`;
    const asked = [
      `/api/events/answer/${childs}`,
      `/api/Events/answer/${childs}`,
      `/api/events/answer/${token}`,
      `/API/Events/Answer/${token}`,
      `/api/events/%61nswer/${token}`,
      `//api/events/answer/${token}`,
      `/api/events/answer%2F${token}`,
      `/api/events/x/../answer/${token}`,
    ];

    for (const p of asked) await request(app.callback()).get(p);
    for (const confirmed of [token, childs])
      await request(app.callback()).post(`/api/events/answer/${confirmed}`);
    await request(app.callback()).get('/api/events/stats');

    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('Qm9vdHNBbmRCYWxscw');
    expect(text).not.toContain('1999999999');
    expect(text).not.toContain('R3VhcmRpYW5MaW5r');
    expect(text).not.toContain(guardian);
    expect(lines(file).map((l) => l.path)).toEqual([
      ...Array<string>((asked.length + 2) * 2).fill('/api/events/answer/[redacted]'),
      '/api/events/stats',
      '/api/events/stats',
    ]);
  });
});
