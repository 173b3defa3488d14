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
