import { once } from 'node:events';
import net from 'node:net';
import Koa from 'koa';
import nodemailer from 'nodemailer';
import request from 'supertest';
import { startMailCatcher, type MailCatcher } from './mail-catcher';

let catcher: MailCatcher;
let server: ReturnType<Koa['callback']>;
beforeAll(async () => {
  catcher = await startMailCatcher(0);
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
  const own = await startMailCatcher(0, (err) => failures.push(err));
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
    for (let waited = 0; failures.length === 0 && waited < 5000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
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
