import { once } from 'node:events';
import net from 'node:net';
import Koa from 'koa';
import nodemailer from 'nodemailer';
import request from 'supertest';
import { createLogger, createServiceApp } from '@teamapp/service-kit';
import { eventually } from '@teamapp/service-kit/testing';
import {
  CATCHER_LOCAL_ONLY,
  CATCHER_NOT_IN_PRODUCTION,
  isLocalRequest,
  isLoopbackAddress,
  startMailCatcher,
  type MailCatcher,
} from './mail-catcher';

let catcher: MailCatcher;
let server: ReturnType<Koa['callback']>;
beforeAll(async () => {
  catcher = await startMailCatcher(0, { nodeEnv: 'development' });
  server = new Koa().use(catcher.router.routes()).callback();
});
afterAll(async () => {
  await catcher.close();
});

it('when mail is sent to the development catcher, then /dev/mail lists it and shows it', async () => {
  const transport = nodemailer.createTransport(`smtp://127.0.0.1:${catcher.port}`);
  await transport.sendMail({
    from: 'club@teamapp.local',
    to: 'sam@club.test',
    subject: 'Hello <Sam>',
    text: 'plain body',
    html: '<p>html body</p>',
  });
  transport.close();

  const list = await request(server).get('/dev/mail/messages');
  expect(list.body.data[0]).toMatchObject({
    to: ['sam@club.test'],
    subject: 'Hello <Sam>',
    text: 'plain body\n',
  });

  const page = await request(server).get('/dev/mail');
  expect(page.text).toContain('Hello &lt;Sam&gt;');
  const message = await request(server).get(`/dev/mail/messages/${list.body.data[0].id}`);
  expect(message.text).toContain('<p>html body</p>');
  expect((await request(server).get('/dev/mail/messages/999')).status).toBe(404);
});

it('when a sender resets its connection, then the catcher hears of it and keeps taking mail', async () => {
  const failures: Error[] = [];
  const own = await startMailCatcher(0, {
    nodeEnv: 'development',
    onError: (err) => failures.push(err),
  });
  try {
    // Mid-transaction (after MAIL FROM), as a mailer killed while sending: smtp-server keeps
    // quiet about resets between transactions and reports this one.
    const socket = net.connect(own.port, '127.0.0.1');
    const reply = async (line?: string) => {
      if (line) socket.write(`${line}\r\n`);
      const [data] = (await once(socket, 'data')) as [Buffer];
      return data.toString();
    };
    expect(await reply()).toMatch(/^220/);
    expect(await reply('EHLO sender.test')).toMatch(/^250/);
    expect(await reply('MAIL FROM:<club@teamapp.local>')).toMatch(/^250/);
    socket.resetAndDestroy();
    await eventually(() => failures.length > 0, { timeoutMs: 5000, what: 'the reset reported' });
    expect(failures.map((err) => (err as NodeJS.ErrnoException).code)).toContain('ECONNRESET');

    const transport = nodemailer.createTransport(`smtp://127.0.0.1:${own.port}`);
    await transport.sendMail({
      from: 'club@teamapp.local',
      to: 'kim@club.test',
      text: 'still here',
    });
    transport.close();
    const list = await request(new Koa().use(own.router.routes()).callback()).get(
      '/dev/mail/messages',
    );
    expect(list.body.data[0]).toMatchObject({ to: ['kim@club.test'], text: 'still here\n' });
  } finally {
    await own.close();
  }
});

describe('who may read the catcher', () => {
  let app: ReturnType<Koa['callback']>;
  beforeAll(() => {
    app = createServiceApp({
      logger: createLogger('mailer', 'silent'),
      routers: [catcher.router],
      readiness: [],
    }).callback();
  });

  it('when asked on this machine, directly or through the gateway on this machine, then it answers', async () => {
    expect((await request(app).get('/dev/mail')).status).toBe(200);
    const viaGateway = await request(app)
      .get('/dev/mail/messages')
      .set('X-Real-IP', '127.0.0.1')
      .set('X-Forwarded-For', '127.0.0.1');
    expect(viaGateway.status).toBe(200);
    expect(viaGateway.body.success).toBe(true);
  });

  it.each([
    ['the gateway names another client (X-Real-IP)', { 'X-Real-IP': '203.0.113.9' }],
    ['the gateway names another client (X-Forwarded-For)', { 'X-Forwarded-For': '203.0.113.9' }],
    [
      'a client put 127.0.0.1 in front of its own address',
      { 'X-Forwarded-For': '127.0.0.1, 203.0.113.9' },
    ],
    [
      'the gateway names an IPv6 client',
      { 'X-Real-IP': '2001:db8::7', 'X-Forwarded-For': '2001:db8::7' },
    ],
  ])('when %s, then every page answers 403 with the JSON error', async (_, headers) => {
    for (const page of ['/dev/mail', '/dev/mail/messages', '/dev/mail/messages/1']) {
      const res = await request(app).get(page).set(headers);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        success: false,
        error: CATCHER_LOCAL_ONLY,
        code: 'forbidden',
      });
    }
  });

  it('when the connection itself comes from another machine, then it is not local whatever the headers say', () => {
    expect(isLocalRequest({ socketAddress: '192.0.2.2' })).toBe(false);
    expect(
      isLocalRequest({ socketAddress: '10.0.0.5', realIp: '127.0.0.1', forwardedFor: '127.0.0.1' }),
    ).toBe(false);
    expect(isLocalRequest({ socketAddress: undefined })).toBe(false);
    expect(isLocalRequest({ socketAddress: '::ffff:127.0.0.1' })).toBe(true);
    expect(isLocalRequest({ socketAddress: '::1', forwardedFor: '::1' })).toBe(true);
    expect(isLocalRequest({ socketAddress: '127.0.0.1', forwardedFor: '' })).toBe(false);
    expect(isLoopbackAddress('::ffff:10.0.0.1')).toBe(false);
    expect(isLoopbackAddress('127.5.6.7')).toBe(true);
    expect(isLoopbackAddress('not an address')).toBe(false);
  });

  it('when NODE_ENV=production, then the catcher refuses to start', async () => {
    await expect(startMailCatcher(0, { nodeEnv: 'production' })).rejects.toThrow(
      CATCHER_NOT_IN_PRODUCTION,
    );
  });
});
