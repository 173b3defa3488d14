/**
 * Chat, end to end through nginx in Chromium: an admin makes a group room on /chat, a player
 * finds it with the team in it and sends a message with Enter, and it appears in the admin's
 * open room without a reload (the live channel through the gateway's WebSocket upgrade); the
 * player's dashboard counts the room. The bell hears of a new notification on the same socket
 * (one per page, shared with /chat), and a member away from chat gets one bell notification for
 * a room's new messages, not one per message.
 */
import type { Browser } from 'playwright-core';
import { ADMIN } from '../support/config';
import {
  adminToken,
  api,
  createPlayer,
  launchBrowser,
  logIn,
  newPage,
  waitUntil,
} from '../support/browser';
import { settled } from '../support/settled';

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

interface Note {
  title: string;
  message: string;
}

async function login(email: string, password: string) {
  const res = await api('POST', '/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return { token: res.body.token as string, id: (res.body.user as { id: string }).id };
}

const notesOf = async (token: string) =>
  (await api('GET', '/notifications?limit=20', { token })).body.data as Note[];

/** A date and time an hour or more ahead, as the event form sends it (club time). */
function upcoming(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);
}

it("when the admin adds an event, then the player's bell shows it live on the page's one socket; a member away gets one note per room", async () => {
  const online = await createPlayer('Robin Online');
  const away = await createPlayer('Alex Away');
  const admin = await adminToken();
  const onlineUser = await login(online.email, online.password);
  const awayUser = await login(away.email, away.password);
  const name = `Away Room ${Date.now() % 100_000}`;
  // A private room with both (once the chat service has heard of the new members).
  const room = (await waitUntil('both players to be chat members', async () => {
    const res = await api('POST', '/chat', {
      token: admin,
      body: { name, type: 'private', members: [onlineUser.id, awayUser.id] },
    });
    return res.status === 201 && (res.body.data as { id: string });
  })) as { id: string };

  const member = await newPage(browser);
  const sockets: string[] = [];
  member.page.on('websocket', (ws) => {
    if (ws.url().includes('/api/chat/live')) sockets.push(ws.url());
  });
  await logIn(member.page, online.email, online.password);
  await member.page.waitForURL('**/dashboard');
  await member.page.getByRole('link', { name: 'Chat' }).first().click();
  await member.page.getByRole('button', { name: new RegExp(name) }).click();
  await member.page.getByRole('log', { name: `Messages in ${name}` }).waitFor();

  // An admin action that notifies everyone: a new event. It reaches the open page live (the
  // fallback poll is a minute; this waits far less), with no reload.
  const title = `Bell Check ${Date.now() % 100_000}`;
  const created = await api('POST', '/events', {
    token: admin,
    body: { title, eventDate: upcoming(3), location: 'Main Field', type: 'training' },
  });
  expect(created.status).toBe(201);
  const started = Date.now();
  const bell = member.page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ });
  await bell.waitFor({ timeout: 10_000 });
  await bell.click();
  await member.page
    .getByRole('dialog')
    .getByText(`New event: ${title}`)
    .waitFor({ timeout: 10_000 });
  process.stdout.write(`bell notification live after ${Date.now() - started} ms\n`);
  expect(sockets).toHaveLength(1);
  await member.page.keyboard.press('Escape');

  // Two messages while Alex has no live socket: one notification for the room. Robin, online,
  // reads them live and is not notified.
  for (const content of ['Bus leaves at 5', 'Bring your boots']) {
    const sent = await api('POST', `/chat/${room.id}/messages`, {
      token: admin,
      body: { content, clientId: crypto.randomUUID() },
    });
    expect(sent.status).toBe(201);
  }
  await member.page
    .getByRole('log', { name: `Messages in ${name}` })
    .getByText('Bring your boots')
    .waitFor({ timeout: 5_000 });
  const roomNote = `New messages in ${name}`;
  await waitUntil('the away note', async () =>
    (await notesOf(awayUser.token)).some((n) => n.title === roomNote),
  );
  // Only after chat's outbox is empty and the notifications queue has drained: a second note
  // still on its way has arrived by then.
  await settled(['chat', 'content'], ['notifications']);
  const awayNotes = (await notesOf(awayUser.token)).filter((n) => n.title === roomNote);
  expect(awayNotes).toEqual([
    expect.objectContaining({ title: roomNote, message: `${ADMIN.name}: Bus leaves at 5` }),
  ]);
  expect((await notesOf(onlineUser.token)).some((n) => n.title === roomNote)).toBe(false);

  // Alex signs in: the bell shows the one note.
  const later = await newPage(browser);
  await logIn(later.page, away.email, away.password);
  await later.page.waitForURL('**/dashboard');
  await later.page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ }).click();
  const notes = later.page.getByRole('dialog').getByText(roomNote);
  await notes.first().waitFor();
  expect(await notes.count()).toBe(1);

  await member.context.close();
  await later.context.close();
}, 120_000);
