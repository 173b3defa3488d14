/**
 * Game results, end to end through nginx in Chromium: a game that was played two days
 * ago (made through the API, which takes past dates), an admin records 2–1 with a player's two
 * goals in the Record Result dialog, the game's card shows "W 2–1" and the scorer, and /players
 * shows the scorer's game and goals in their Season Stats and the win in the Team Record.
 */
import type { Browser, Locator } from 'playwright-core';
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

const DAY = 86_400_000;
const GAME = `League Match ${Date.now() % 100_000}`;
const SCORER = 'Quinn Scorer';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The figure shown under `label` ("Goals" → "2") inside `scope`. */
const figure = (scope: Locator, label: string) =>
  scope
    .getByText(label, { exact: true })
    .first()
    .evaluate((el) => el.nextElementSibling?.textContent ?? '');

it('when an admin records a played game, then its card shows the result and /players the goals', async () => {
  const player = await createPlayer(SCORER);
  const login = await api('POST', '/auth/login', {
    body: { email: player.email, password: player.password },
  });
  const playerId = (login.body.user as { id: string }).id;
  const token = await adminToken();
  const created = await api('POST', '/events', {
    token,
    body: {
      title: GAME,
      eventDate: new Date(Date.now() - 2 * DAY).toISOString(),
      location: 'City Stadium',
      type: 'game',
    },
  });
  expect(created.status).toBe(201);
  // The events service learns of new members from a queue: wait until the game lists the player.
  await waitUntil('the new player on the game', async () => {
    const list = await api('GET', '/events?type=game', { token });
    const game = (list.body.events as { title: string; attendees: { user_id: string }[] }[]).find(
      (e) => e.title === GAME,
    );
    return game?.attendees.some((a) => a.user_id === playerId);
  });
  const before = await api('GET', '/events/stats', { token });
  const wins = (before.body.data as { team: { wins: number } }).team.wins;

  const { context, page } = await newPage(browser);
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  await page.goto('/schedule');
  const card = page.getByRole('article', { name: GAME });
  await card.getByText('Completed: 0 attended').waitFor();
  await card.getByRole('button', { name: `Actions for ${GAME}` }).click();
  await page.getByRole('menuitem', { name: 'Record Result' }).click();

  const dialog = page.getByRole('dialog', { name: `Record Result: ${GAME}` });
  await dialog.getByLabel(/^Our score/).fill('2');
  await dialog.getByLabel(/^Their score/).fill('1');
  await dialog.getByRole('button', { name: 'Add Scorer' }).click();
  const row = dialog.getByRole('group', { name: 'Scorer 1' });
  await row.getByLabel(/^Player/).selectOption({ label: SCORER });
  await row.getByLabel('Goals').fill('2');
  await dialog.getByRole('button', { name: 'Save Result' }).click();

  await page.getByText('Result saved successfully').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await card.getByText('W 2–1').waitFor();
  await card.getByText(`Goals: ${SCORER} 2`).waitFor();

  // Recording again shows Edit Result, filled in.
  await card.getByRole('button', { name: `Actions for ${GAME}` }).click();
  await page.getByRole('menuitem', { name: 'Edit Result' }).click();
  const edit = page.getByRole('dialog', { name: `Edit Result: ${GAME}` });
  expect(await edit.getByLabel(/^Our score/).inputValue()).toBe('2');
  await page.keyboard.press('Escape');
  await edit.waitFor({ state: 'hidden' });

  await page.goto('/players');
  const scorer = page.getByRole('article', { name: SCORER });
  await scorer.getByRole('heading', { name: 'Season Stats' }).waitFor();
  await waitUntil('the goals on the card', async () => (await figure(scorer, 'Goals')) === '2');
  // Nobody answered or took attendance, but a scorer played.
  expect(await figure(scorer, 'Games')).toBe('1');
  const record = page.getByRole('region', { name: 'Team Record' });
  await waitUntil(
    'the win in the team record',
    async () => (await figure(record, 'Wins')) === String(wins + 1),
  );

  await context.close();
});
