/**
 * /club-development end to end through nginx in Chromium: an admin adds a task to a
 * column, drags one to Review with the mouse and moves another with the keyboard, and after a
 * reload both are where they were dropped; a player sees the same board read only.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { ADMIN } from '../support/config';
import {
  adminToken,
  api,
  createPlayer,
  launchBrowser,
  logIn,
  newPage,
  openNavigation,
} from '../support/browser';

const RUN = Date.now() % 100_000;
const DRAGGED = `Line the pitch ${RUN}`;
const KEYED = `Book the referee ${RUN}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const column = (page: Page, name: string) =>
  page.getByRole('region', { name: new RegExp(`^${name},`) });
const card = (place: Page | Locator, title: string) => place.getByRole('article', { name: title });

/** Waits for the board's save of a moved card and returns what was sent. */
function nextMove(page: Page) {
  return page
    .waitForResponse(
      (res) => res.request().method() === 'PUT' && res.url().includes('/api/club-tasks/'),
    )
    .then((res) => {
      expect(res.status()).toBe(200);
      return res.request().postDataJSON() as { status: string; position: number };
    });
}

async function addTask(page: Page, columnName: string, title: string) {
  await page.getByRole('button', { name: `Add Task to ${columnName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Task' });
  await dialog.getByLabel('Title').fill(`  ${title}  `);
  await dialog.getByRole('button', { name: 'Add Task' }).click();
  await page.getByText('Task created successfully').waitFor();
  await card(column(page, columnName), title).waitFor();
}

it('when an admin adds a task and drags it to Review, then it is still there after a reload', async () => {
  const { context, page } = await newPage(browser);
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');
  const nav = await openNavigation(page);
  await nav.getByRole('link', { name: 'Club Development' }).click();
  await page.waitForURL('**/club-development');
  await page.getByRole('heading', { level: 1, name: 'Club Development' }).waitFor();

  // Added to Backlog with the reference's defaults: medium, operations, due in a week.
  await addTask(page, 'Backlog', DRAGGED);
  const added = card(page, DRAGGED);
  await added.getByText('Medium').waitFor();
  await added.getByText('Operations').waitFor();

  // A mouse drag from the card into the Review column, in small steps as a hand moves.
  const from = await added.boundingBox();
  const to = await column(page, 'Review').boundingBox();
  if (!from || !to) throw new Error('the card or the column is not on screen');
  const saved = nextMove(page);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 15 });
  await page.mouse.up();
  expect((await saved).status).toBe('review');
  await card(column(page, 'Review'), DRAGGED).waitFor();

  // The keyboard: the move handle picks the card up, the right arrow takes it one column on.
  await addTask(page, 'Backlog', KEYED);
  const keyedSave = nextMove(page);
  await page.getByRole('button', { name: `Move ${KEYED}` }).focus();
  await page.keyboard.press('Space');
  await page
    .getByText(new RegExp(`^Picked up task ${KEYED}|^Task ${KEYED} is over Backlog`))
    .waitFor();
  // The keyboard sensor starts listening for the arrow keys in a timer queued at pick-up, which
  // can still be pending when the announcement is read: a timer queued now runs after it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await page.keyboard.press('ArrowRight');
  await page.getByText(new RegExp(`^Task ${KEYED} is over In Progress`)).waitFor();
  await page.keyboard.press('Space');
  expect((await keyedSave).status).toBe('in-progress');
  await page.getByText(new RegExp(`^Task ${KEYED} was dropped in In Progress`)).waitFor();

  await page.reload();
  await card(column(page, 'Review'), DRAGGED).waitFor();
  await card(column(page, 'In Progress'), KEYED).waitFor();
  expect(await card(column(page, 'Backlog'), DRAGGED).count()).toBe(0);
  const { body } = await api('GET', '/club-tasks', { token: await adminToken() });
  const stored = (body.tasks as { title: string; status: string }[]).filter((t) =>
    [DRAGGED, KEYED].includes(t.title),
  );
  expect(stored.map((t) => [t.title, t.status]).sort()).toEqual(
    [
      [DRAGGED, 'review'],
      [KEYED, 'in-progress'],
    ].sort(),
  );
  await context.close();
});

it('when a player opens the board, then they see the tasks read only', async () => {
  const title = `Repaint the dugout ${RUN}`;
  const created = await api('POST', '/club-tasks', {
    token: await adminToken(),
    body: { title, status: 'review', priority: 'high', category: 'equipment', assignee: 'Gil' },
  });
  expect(created.status).toBe(201);
  const player = await createPlayer('Pat Reader');
  const { context, page } = await newPage(browser, 375);
  await logIn(page, player.email, player.password);
  await page.waitForURL('**/dashboard');

  await page.goto('/club-development');

  const task = card(column(page, 'Review'), title);
  await task.waitFor();
  await task.getByText('High').waitFor();
  expect(await page.getByRole('button', { name: /^Add Task/ }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /^Actions for/ }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /^Move / }).count()).toBe(0);
  // The columns stack on a phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await task.getByRole('button', { name: title, exact: true }).click();
  const details = page.getByRole('dialog', { name: title });
  await details.getByText('Gil').waitFor();
  expect(await details.getByLabel('Status').count()).toBe(0);
  await details.getByRole('button', { name: 'Close' }).click();

  // The server holds the line too.
  const token = (
    await api('POST', '/auth/login', { body: { email: player.email, password: player.password } })
  ).body.token as string;
  const { body } = await api('GET', '/club-tasks', { token });
  const id = (body.tasks as { id: string; title: string }[]).find((t) => t.title === title)?.id;
  const refused = await api('PUT', `/club-tasks/${id}`, { token, body: { status: 'completed' } });
  expect(refused.status).toBe(403);
  expect(refused.body.error).toBe('Only administrators can update tasks');
  await context.close();
});
