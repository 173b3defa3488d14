/**
 * Teams end to end through nginx in Chromium (docs/reference.md "Teams"): a club admin creates two
 * teams on /teams and makes a member coach of one; the coach schedules a training for their team
 * and has no way to schedule one for the other (not offered, and 403 from the server); a player
 * of that team sees it, answers Going and posts in the team's room; a player of the other team
 * sees neither. Made public, the Reds get a tab on the public page at / (375 px wide, WCAG AA),
 * and the Blue Jays, not public, appear nowhere on it. Both teams are archived at the end, so the
 * club is a one-team club again for the other walks.
 */
import type { Browser, Page } from 'playwright-core';
import { ADMIN } from '../support/config';
import {
  adminToken,
  api,
  createPlayer,
  launchBrowser,
  logIn,
  newPage,
  openNavigation,
  waitUntil,
} from '../support/browser';
import { settled } from '../support/settled';
import { AxeAudit } from '../support/axe';

const RUN = Date.now() % 100_000;
const RED = `Red Hawks ${RUN}`;
const BLUE = `Blue Jays ${RUN}`;
const TRAINING = `Red training ${RUN}`;

let browser: Browser;
const teamIds: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  const token = await adminToken();
  for (const id of teamIds) await api('DELETE', `/teams/${id}`, { token });
  await browser.close();
});

interface TeamRow {
  id: string;
  name: string;
  myRole: string | null;
}

async function teamsAs(token: string): Promise<TeamRow[]> {
  return (await api('GET', '/teams', { token })).body.teams as TeamRow[];
}

async function tokenOf(email: string, password: string): Promise<string> {
  const res = await api('POST', '/auth/login', { body: { email, password } });
  return res.body.token as string;
}

/** The team and membership events have reached every service that keeps teams. */
const teamsSettled = () =>
  settled(
    ['auth', 'events', 'chat', 'content'],
    ['events-teams', 'chat-teams', 'content-teams', 'events-members', 'chat-members', 'members'],
  );

async function createTeam(page: Page, name: string) {
  await page.getByRole('main').getByRole('button', { name: 'Create Team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Team' });
  await dialog.getByLabel(/^Team name/).fill(name);
  await dialog.getByRole('button', { name: 'Create Team' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('link', { name: `Roster of ${name}` }).waitFor();
}

async function addToRoster(page: Page, team: string, member: string, role: 'Coach' | 'Player') {
  await page.getByRole('link', { name: `Roster of ${team}` }).click();
  await page.getByRole('heading', { level: 1, name: `${team} Roster` }).waitFor();
  await page.getByRole('searchbox', { name: 'Search club members' }).fill(member);
  await page
    .getByRole('combobox', { name: 'Club member', exact: true })
    .selectOption({ label: member });
  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption({ label: role });
  await page.getByRole('button', { name: 'Add to Team' }).click();
  await page
    .getByRole('list', { name: `Members of ${team}` })
    .getByText(member)
    .waitFor();
}

it('when a club admin makes two teams and a coach, then the coach schedules for their team only and only its players see it and talk in its room', async () => {
  const coach = await createPlayer(`Morgan Coach ${RUN}`);
  const red = await createPlayer(`Riley Red ${RUN}`);
  const blue = await createPlayer(`Bailey Blue ${RUN}`);

  // The club admin creates both teams and fills their rosters on /teams.
  const admin = await newPage(browser);
  await logIn(admin.page, ADMIN.email, ADMIN.password);
  await admin.page.waitForURL('**/dashboard');
  const nav = await openNavigation(admin.page);
  await nav.getByRole('link', { name: 'Teams' }).click();
  await admin.page.waitForURL('**/teams');
  await admin.page.getByRole('heading', { level: 1, name: 'Teams' }).waitFor();
  await createTeam(admin.page, RED);
  await createTeam(admin.page, BLUE);
  const adminTeams = await teamsAs(await adminToken());
  for (const name of [RED, BLUE]) teamIds.push(adminTeams.find((t) => t.name === name)!.id);
  const [redId, blueId] = teamIds as [string, string];

  await addToRoster(admin.page, RED, coach.name, 'Coach');
  await admin.page.goto('/teams');
  await addToRoster(admin.page, RED, red.name, 'Player');
  await admin.page.goto('/teams');
  await addToRoster(admin.page, BLUE, blue.name, 'Player');
  await admin.context.close();

  const coachToken = await tokenOf(coach.email, coach.password);
  await waitUntil('the coach knows their team', async () =>
    (await teamsAs(coachToken)).some((t) => t.id === redId && t.myRole === 'coach'),
  );
  await teamsSettled();

  // The coach's event form offers their team only; the server refuses the other team.
  const coachPage = await newPage(browser);
  await logIn(coachPage.page, coach.email, coach.password);
  await coachPage.page.waitForURL('**/dashboard');
  await coachPage.page.goto('/schedule');
  await coachPage.page.getByRole('button', { name: 'Add New Event' }).click();
  const form = coachPage.page.getByRole('dialog', { name: 'Add New Event' });
  const teamField = form.getByRole('combobox', { name: /^Team/ });
  const offered = await teamField.locator('option').allTextContents();
  expect(offered).toContain(RED);
  expect(offered).not.toContain(BLUE);
  expect(offered).not.toContain('Club-wide');
  const day = new Date(Date.now() + 3 * 86_400_000);
  const iso = day.toISOString().slice(0, 10);
  await form.getByLabel(/^Title/).fill(TRAINING);
  await form.getByLabel(/^Date/).fill(iso);
  await form.getByLabel(/^Time/).fill('18:30');
  await form.getByLabel(/^Location/).fill('North Field');
  await teamField.selectOption({ label: RED });
  await form.getByRole('button', { name: 'Add Event' }).click();
  await coachPage.page.getByText('Event created successfully').waitFor();
  await coachPage.page.getByRole('article', { name: TRAINING }).waitFor();

  const refused = await api('POST', '/events', {
    token: coachToken,
    body: {
      title: `Blue training ${RUN}`,
      eventDate: day.toISOString(),
      location: 'South Field',
      type: 'training',
      teamId: blueId,
    },
  });
  expect(refused.status).toBe(403);
  await coachPage.context.close();

  // A player of the team sees it, answers Going and posts in the team's room.
  const redPage = await newPage(browser);
  await logIn(redPage.page, red.email, red.password);
  await redPage.page.waitForURL('**/dashboard');
  await redPage.page.goto('/schedule');
  const card = redPage.page.getByRole('article', { name: TRAINING });
  await card.getByRole('button', { name: 'Going' }).click();
  await waitUntil('the answer is saved', async () => {
    const pressed = await card.getByRole('button', { name: 'Going' }).getAttribute('aria-pressed');
    return pressed === 'true';
  });
  await redPage.page.goto('/chat');
  await redPage.page.getByRole('button', { name: new RegExp(`^${RED}`) }).click();
  const box = redPage.page.getByRole('textbox', { name: 'Message' });
  await box.fill('See you at training');
  await box.press('Enter');
  await redPage.page
    .getByRole('log', { name: `Messages in ${RED}` })
    .getByText('See you at training')
    .waitFor();
  await redPage.context.close();

  // A player of the other team sees neither the training nor the room.
  const blueToken = await tokenOf(blue.email, blue.password);
  const blueEvents = (await api('GET', '/events', { token: blueToken })).body.events as {
    title: string;
  }[];
  expect(blueEvents.map((e) => e.title)).not.toContain(TRAINING);
  const bluePage = await newPage(browser);
  await logIn(bluePage.page, blue.email, blue.password);
  await bluePage.page.waitForURL('**/dashboard');
  await bluePage.page.goto('/chat');
  await bluePage.page
    .getByRole('navigation', { name: 'Chat rooms' })
    .getByRole('button', { name: new RegExp(`^${BLUE}`) })
    .waitFor();
  await expect(
    bluePage.page.getByRole('navigation', { name: 'Chat rooms' }).getByText(RED).count(),
  ).resolves.toBe(0);
  await bluePage.context.close();
  // The public page: a tab per public team. The Reds are made public; the Blue Jays stay private.
  const made = await api('PUT', `/teams/${redId}`, {
    token: await adminToken(),
    body: { public: true },
  });
  expect(made.status).toBe(200);
  await teamsSettled();
  const visitor = await newPage(browser, 375);
  const teamTabs = visitor.page.getByRole('tablist', { name: 'Teams' });
  await waitUntil('the public page shows the public team', async () => {
    await visitor.page.goto('/');
    return (await teamTabs.getByRole('tab', { name: RED, exact: true }).count()) === 1;
  });
  const redTab = teamTabs.getByRole('tab', { name: RED, exact: true });
  await redTab.click();
  await expect(redTab.getAttribute('aria-selected')).resolves.toBe('true');
  await visitor.page.getByRole('tabpanel', { name: RED }).getByText('Goal Difference').waitFor();
  await expect(visitor.page.getByText(BLUE).count()).resolves.toBe(0);
  await expect(visitor.page.content()).resolves.not.toContain(BLUE);
  await expect(visitor.page.getByRole('tab', { name: "Men's Team" }).count()).resolves.toBe(0);
  // WCAG 2.2 AA with the team tabs, and no sideways scrolling on a phone.
  const audit = new AxeAudit();
  await audit.check(visitor.page, '/ with team tabs @375');
  await audit.checkReflow(visitor.page, '/ with team tabs');
  expect(audit.blocking()).toEqual([]);
  await visitor.context.close();
});
