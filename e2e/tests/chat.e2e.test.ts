/**
 * Chat, end to end through nginx in Chromium: an admin makes a group room on /chat, a player
 * finds it with the team in it and sends a message with Enter, and it appears in the admin's
 * open room without a reload (the live channel through the gateway's WebSocket upgrade); the
 * player's dashboard counts the room.
 */
import type { Browser } from 'playwright-core';
import { ADMIN } from '../support/config';
import { createPlayer, launchBrowser, logIn, newPage, waitUntil } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

it('when an admin makes a group room, then a player finds it, writes in it and the admin reads it', async () => {
  const player = await createPlayer('Casey Winger');
  const name = `Match Day ${Date.now() % 100_000}`;

  const admin = await newPage(browser);
  await logIn(admin.page, ADMIN.email, ADMIN.password);
  await admin.page.waitForURL('**/dashboard');
  await admin.page.goto('/chat');
  await admin.page.getByText('Select a chat room').waitFor();
  await admin.page.getByRole('button', { name: 'New Room' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'New Room' });
  await dialog.getByLabel(/Room Name/).fill(name);
  await dialog.getByRole('button', { name: 'Create Room' }).click();
  await admin.page.getByText('Chat room created successfully').waitFor();
  await admin.page.getByRole('log', { name: `Messages in ${name}` }).waitFor();

  const member = await newPage(browser);
  await logIn(member.page, player.email, player.password);
  await member.page.waitForURL('**/dashboard');
  await member.page.goto('/chat');
  await member.page.getByRole('button', { name: new RegExp(name) }).click();
  const box = member.page.getByRole('textbox', { name: 'Message' });
  await box.fill('On my way, 10 minutes');
  const sent = Date.now();
  await box.press('Enter');
  const log = member.page.getByRole('log', { name: `Messages in ${name}` });
  await log.getByText('On my way, 10 minutes').waitFor();
  await waitUntil('the composer to clear', async () => (await box.inputValue()) === '');

  // The admin, who has had the room open all along, sees it arrive without a reload, and the
  // room list's preview follows.
  await admin.page
    .getByRole('log', { name: `Messages in ${name}` })
    .getByText('On my way, 10 minutes')
    .waitFor({ timeout: 5_000 });
  process.stdout.write(`chat message from send to the other window: ${Date.now() - sent} ms\n`);
  await admin.page
    .getByRole('button', { name: new RegExp(name) })
    .getByText('Casey Winger: On my way, 10 minutes')
    .waitFor({ timeout: 5_000 });

  await member.page.goto('/dashboard');
  const chats = member.page.getByRole('group', { name: 'Active Chats' });
  await chats.getByText(/^[1-9]\d*$/).waitFor();

  await admin.context.close();
  await member.context.close();
}, 120_000);
