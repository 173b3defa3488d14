/**
 * The schedule, end to end through nginx in Chromium: an admin creates a weekly training that
 * started two weeks ago; a player answers Going on one upcoming occurrence and adds an absence
 * that covers another (shown as Can't Go with the reason); the admin sees both on /attendance,
 * records who came to a past one and downloads the CSV; the player's dashboard shows the next
 * event.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { ADMIN } from '../support/config';
import { adminToken, api, createPlayer, launchBrowser, logIn, newPage } from '../support/browser';

const DAY = 86_400_000;
const TITLE = `Weekly Training ${Date.now() % 100_000}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** YYYY-MM-DD and "Mon, Dec 7, 2026" of a day, in the club's zone. */
function clubDay(at: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  const label = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(at);
  return { iso: parts, label };
}

const occurrence = (page: Page, label: string) =>
  page.getByRole('article', { name: TITLE }).filter({ hasText: label });

it('when an admin schedules a weekly training, then answers, absences, attendance and the CSV all follow', async () => {
  const player = await createPlayer('Riley Runner');
  const timeZone = ((await api('GET', '/events', { token: await adminToken() })).body.timeZone ??
    'UTC') as string;
  const now = Date.now();
  const first = clubDay(now - 14 * DAY, timeZone);
  const lastWeek = clubDay(now - 7 * DAY, timeZone);
  const nextWeek = clubDay(now + 7 * DAY, timeZone);
  const inTwoWeeks = clubDay(now + 14 * DAY, timeZone);

  // The admin creates the series in the modal: weekly, five times, from two weeks ago.
  const admin = await newPage(browser);
  await logIn(admin.page, ADMIN.email, ADMIN.password);
  await admin.page.waitForURL('**/dashboard');
  await admin.page.goto('/schedule');
  await admin.page.getByRole('button', { name: 'Add New Event' }).click();
  const form = admin.page.getByRole('dialog', { name: 'Add New Event' });
  await form.getByLabel(/^Title/).fill(TITLE);
  await form.getByLabel(/^Date/).fill(first.iso);
  await form.getByLabel(/^Time/).fill('18:30');
  await form.getByLabel(/^Location/).fill('North Field');
  await form.getByRole('switch', { name: 'Repeat weekly' }).check();
  const count = form.getByRole('textbox', { name: 'Number of events' });
  await count.fill('5');
  await form.getByRole('button', { name: 'Add Event' }).click();
  await admin.page.getByText('Events created successfully').waitFor();
  await occurrence(admin.page, nextWeek.label).waitFor();
  expect(await admin.page.getByRole('article', { name: TITLE }).count()).toBe(5);
  await occurrence(admin.page, lastWeek.label)
    .getByText(/Completed: 0 attended/)
    .waitFor();

  // The player answers Going next week, and is away in two weeks.
  const member = await newPage(browser);
  await logIn(member.page, player.email, player.password);
  await member.page.waitForURL('**/dashboard');
  await member.page.goto('/schedule');
  const going = occurrence(member.page, nextWeek.label).getByRole('button', { name: 'Going' });
  await going.click();
  await member.page.waitForFunction(
    (label) =>
      [...document.querySelectorAll('article')].some(
        (a) =>
          a.textContent?.includes(label) &&
          a.querySelector('button[aria-pressed="true"]')?.textContent === 'Going',
      ),
    nextWeek.label,
  );

  await member.page.goto('/availability');
  await member.page.getByRole('button', { name: 'Add Availability' }).click();
  const away = member.page.getByRole('dialog', { name: 'Add Availability' });
  await away.getByLabel(/^Start Date/).fill(inTwoWeeks.iso);
  await away.getByLabel(/^End Date/).fill(inTwoWeeks.iso);
  await away.getByLabel('Reason').fill('Family wedding');
  await away.getByRole('button', { name: 'Add Entry' }).click();
  await member.page.getByText('Availability entry created successfully').waitFor();

  await member.page.goto('/schedule');
  const covered = occurrence(member.page, inTwoWeeks.label);
  await covered.getByText('Unavailable: Family wedding').waitFor();
  expect(await covered.getByRole('button', { name: "Can't Go" }).getAttribute('aria-pressed')).toBe(
    'true',
  );

  // The dashboard names the next event: the series' next one, unless another flow of this run
  // scheduled something sooner.
  const listed = (await api('GET', '/events', { token: await adminToken() })).body.events as {
    title: string;
    event_date: string;
  }[];
  const soonest = listed
    .filter((e) => Date.parse(e.event_date) >= Date.now() + 60_000)
    .sort((a, b) => Date.parse(a.event_date) - Date.parse(b.event_date))[0];
  expect(listed.some((e) => e.title === TITLE && Date.parse(e.event_date) > Date.now())).toBe(true);
  await member.page.goto('/dashboard');
  const next = member.page.getByRole('group', { name: 'Next Event' });
  await next.getByText(soonest!.title, { exact: true }).waitFor();

  // The admin sees both answers on /attendance, records last week and exports the CSV.
  await admin.page.goto('/attendance');
  const nextWeekCard = admin.page
    .getByRole('article', { name: TITLE })
    .filter({ hasText: nextWeek.label });
  await nextWeekCard.getByRole('row', { name: /Riley Runner\s+Attending/ }).waitFor();
  await admin.page
    .getByRole('article', { name: TITLE })
    .filter({ hasText: inTwoWeeks.label })
    .getByText('Not Attending (Unavailable: Family wedding)')
    .waitFor();

  const lastWeekCard = admin.page
    .getByRole('article', { name: TITLE })
    .filter({ hasText: lastWeek.label });
  await lastWeekCard.getByRole('button', { name: `Record attendance for ${TITLE}` }).click();
  const record = admin.page.getByRole('dialog', { name: `Record attendance: ${TITLE}` });
  await record.getByLabel('Riley Runner').selectOption('present');
  await record.getByRole('button', { name: 'Save Attendance' }).click();
  await admin.page.getByText('Attendance saved successfully').waitFor();
  await lastWeekCard.getByText(/Completed: 1 attended/).waitFor();

  await admin.page.getByRole('button', { name: 'Training', exact: true }).click();
  const [download] = await Promise.all([
    admin.page.waitForEvent('download'),
    admin.page.getByRole('button', { name: 'Export Report' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^attendance-training-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const rows = csv.trim().split(/\r\n/);
  expect(rows[0]).toMatch(/Event/);
  const riley = rows.filter((r) => r.includes(TITLE) && r.includes('Riley Runner'));
  expect(riley).toHaveLength(5);
  expect(riley.some((r) => r.includes('Present'))).toBe(true);

  await admin.context.close();
  await member.context.close();
}, 180_000);
