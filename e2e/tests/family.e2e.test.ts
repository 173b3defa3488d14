/**
 * Families end to end through nginx in Chromium (docs/reference.md "Families"): a team's coach
 * adds a young player with no login to the team from its roster and invites a guardian by mail;
 * the guardian signs in with the mailed temporary password, chooses a new one, sees the child's
 * trainings on /family, answers Going for the child and adds an absence covering a later one;
 * the coach sees the answer with who gave it and the absence as Can't Go; a second guardian
 * linked to the same child sees the same answer; and an adult who is not a guardian is not
 * offered the child for a private conversation.
 *
 * It needs the Families servers (auth: children, guardians, logins; events: /api/family,
 * forUserId, answeredBy; chat: who a young player may talk to directly).
 */
import type { Browser, Page } from 'playwright-core';
import { CHILD_ADDED, GUARDIAN_INVITED, GUARDIAN_LINKED } from '@teamapp/contracts';
import {
  adminToken,
  api,
  createPlayer,
  launchBrowser,
  logIn,
  newPage,
  waitUntil,
} from '../support/browser';
import { openMailbox, type SmtpReceiver } from '../support/mailbox';

const DAY = 86_400_000;
const RUN = Date.now() % 100_000;
const CHILD = `Robin Young ${RUN}`;
const SOON = `Family training ${RUN}`;
const LATER = `Family later training ${RUN}`;
const GUARDIAN_EMAIL = `pat.young.${RUN}@e2e.test`;

let browser: Browser;
let mailbox: SmtpReceiver;
/** Accounts this walk made, removed at the end. */
const made: string[] = [];
/** The team and the members added to it, taken off it at the end. */
let teamId = '';
const joined: string[] = [];

beforeAll(async () => {
  mailbox = await openMailbox();
  browser = await launchBrowser();
});
afterAll(async () => {
  const token = await adminToken();
  for (const id of joined) await api('DELETE', `/teams/${teamId}/members/${id}`, { token });
  for (const id of made) await api('DELETE', `/user/${id}`, { token });
  await browser.close();
  await mailbox.close();
});

/** YYYY-MM-DD of a day in the club's zone. */
const clubIso = (at: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

async function idOf(email: string, token: string): Promise<string> {
  const users = (await api('GET', '/user/all', { token })).body.data as {
    id: string;
    email: string;
    name: string;
  }[];
  const user = users.find((u) => u.email === email);
  if (!user) throw new Error(`no member ${email}`);
  return user.id;
}

async function signIn(email: string, password: string): Promise<Page> {
  const { page } = await newPage(browser);
  await logIn(page, email, password);
  await page.waitForURL('**/dashboard');
  return page;
}

/** The child's answer buttons for `title` on /family. */
const answers = (page: Page, title: string) =>
  page.getByRole('group', { name: `${CHILD}'s answer for ${title}` });

const pressed = async (page: Page, title: string, label: string) =>
  (await answers(page, title).getByRole('button', { name: label }).getAttribute('aria-pressed')) ===
  'true';

it('when a coach adds a young player and invites a guardian, then the guardians answer for the child and the coach sees who answered', async () => {
  const admin = await adminToken();
  const teams = (await api('GET', '/teams', { token: admin })).body.teams as {
    id: string;
    name: string;
  }[];
  teamId = teams[0]!.id;

  // A coach of the club's team, and an adult player of it who is nobody's guardian.
  const coach = await createPlayer('Cora Coach');
  const adult = await createPlayer('Alex Adult');
  for (const [member, role] of [
    [coach, 'coach'],
    [adult, 'player'],
  ] as const) {
    const id = await idOf(member.email, admin);
    made.push(id);
    joined.push(id);
    const res = await api('PUT', `/teams/${teamId}/members/${id}`, {
      token: admin,
      body: { role },
    });
    expect(res.status).toBe(200);
  }

  // The coach adds the young player from the team's roster.
  const coachPage = await signIn(coach.email, coach.password);
  await coachPage.goto(`/teams?team=${teamId}`);
  await coachPage.getByRole('button', { name: 'Add young player' }).click();
  const add = coachPage.getByRole('dialog', { name: 'Add young player' });
  await add.getByLabel(/^Name/).fill(CHILD);
  await add.getByLabel(/^Date of birth/).fill('2015-03-03');
  await add.getByLabel(/^Position/).fill('Winger');
  await add.getByRole('button', { name: 'Add player' }).click();
  await add.getByText(CHILD_ADDED).waitFor();
  await add.getByRole('button', { name: 'Close' }).click();
  const row = coachPage.getByRole('listitem').filter({ hasText: CHILD });
  await row.getByText('No login').waitFor();
  // A young player has no address: found by name.
  const users = (await api('GET', '/user/all', { token: admin })).body.data as {
    id: string;
    name: string;
  }[];
  const childId = users.find((u) => u.name === CHILD)!.id;
  made.push(childId);

  // Two trainings of the team: the child is invited to both.
  const coachToken = (await api('POST', '/auth/login', { body: coach })).body.token as string;
  for (const [title, days] of [
    [SOON, 2],
    [LATER, 9],
  ] as const) {
    const res = await api('POST', '/events', {
      token: coachToken,
      body: {
        title,
        eventDate: new Date(Date.now() + days * DAY).toISOString(),
        location: 'North Field',
        type: 'training',
        teamId,
      },
    });
    expect(res.status).toBe(201);
  }
  const timeZone = ((await api('GET', '/events', { token: coachToken })).body.timeZone ??
    'UTC') as string;
  const laterDay = clubIso(Date.now() + 9 * DAY, timeZone);

  // The coach invites the guardian by mail from the child's card.
  await row.getByRole('button', { name: `Guardians of ${CHILD}` }).click();
  const card = coachPage.getByRole('dialog', { name: CHILD });
  const invite = card.getByRole('form', { name: `Invite a guardian for ${CHILD}` });
  await invite.getByLabel(/^Email/).fill(GUARDIAN_EMAIL);
  await invite.getByLabel(/^Name/).fill('Pat Young');
  await invite.getByLabel(/^Relation/).fill('Mother');
  await invite.getByRole('button', { name: 'Invite guardian' }).click();
  await invite.getByText(GUARDIAN_INVITED).waitFor();
  await card
    .getByRole('list', { name: `Guardians of ${CHILD}` })
    .getByText('Pat Young')
    .waitFor();
  await card.getByText('Invitation pending').waitFor();

  // The guardian signs in from the mail and chooses a password.
  const mail = await waitUntil('the guardian invitation mail', async () =>
    mailbox.mails.find((m) => m.to.includes(GUARDIAN_EMAIL)),
  );
  const temporary = /Temporary password: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
  expect(temporary).not.toBe('');
  made.push(await idOf(GUARDIAN_EMAIL, admin));
  const { page: guardian } = await newPage(browser);
  await logIn(guardian, GUARDIAN_EMAIL, temporary);
  await guardian.waitForURL('**/choose-password');
  await guardian.getByLabel('Temporary Password').fill(temporary);
  await guardian.getByLabel(/^New Password/).fill('Pat!Strong2026');
  await guardian.getByLabel('Confirm New Password').fill('Pat!Strong2026');
  await guardian.getByRole('button', { name: 'Save Password' }).click();
  await guardian.waitForURL('**/dashboard');

  // Family is in their menu; /family lists the child's trainings.
  // The sidebar starts collapsed (hidden), so its link is looked for in the document.
  await guardian.locator('nav a[href="/family"]').waitFor({ state: 'attached' });
  await guardian.goto('/family');
  await guardian.getByRole('heading', { level: 2, name: CHILD }).waitFor();
  await answers(guardian, SOON).waitFor();
  await answers(guardian, LATER).waitFor();

  // Going for the soonest; an absence covering the later one.
  await answers(guardian, SOON).getByRole('button', { name: 'Going' }).click();
  await waitUntil('the Going answer pressed', () => pressed(guardian, SOON, 'Going'));
  await guardian.getByText('Answered by Pat Young (Mother)').first().waitFor();
  await guardian.getByRole('button', { name: `Add absence for ${CHILD}` }).click();
  const absence = guardian.getByRole('dialog', { name: `Add absence for ${CHILD}` });
  await absence.getByLabel(/^Start Date/).fill(laterDay);
  await absence.getByLabel(/^End Date/).fill(laterDay);
  await absence.getByLabel('Reason').fill('School trip');
  await absence.getByRole('button', { name: 'Add Entry' }).click();
  await guardian.getByText('Availability entry created successfully').waitFor();
  await waitUntil("the later training answered Can't Go", () =>
    pressed(guardian, LATER, "Can't Go"),
  );

  // The coach sees who answered, and the absence as Can't Go.
  await coachPage.goto('/schedule');
  const soonCard = coachPage.getByRole('article', { name: SOON });
  await soonCard.getByText(/^Answers \(\d+\)$/).click();
  await soonCard.getByText(`${CHILD}: Going, answered by Pat Young (Mother)`).waitFor();
  const laterCard = coachPage.getByRole('article', { name: LATER });
  await laterCard.getByText(/^Answers \(\d+\)$/).click();
  await laterCard.getByText(new RegExp(`^${CHILD}: Can't Go`)).waitFor();

  // A second guardian, already a member, is linked from the card and sees the same answer.
  const second = await createPlayer('Lee Young');
  made.push(await idOf(second.email, admin));
  await coachPage.goto(`/teams?team=${teamId}`);
  await coachPage
    .getByRole('listitem')
    .filter({ hasText: CHILD })
    .getByRole('button', { name: `Guardians of ${CHILD}` })
    .click();
  const link = coachPage
    .getByRole('dialog', { name: CHILD })
    .getByRole('form', { name: `Invite a guardian for ${CHILD}` });
  await link.getByLabel(/^Email/).fill(second.email);
  await link.getByLabel(/^Relation/).fill('Father');
  await link.getByRole('button', { name: 'Invite guardian' }).click();
  await link.getByText(GUARDIAN_LINKED).waitFor();
  const lee = await signIn(second.email, second.password);
  await lee.goto('/family');
  await answers(lee, SOON).waitFor();
  expect(await pressed(lee, SOON, 'Going')).toBe(true);
  await lee.getByText('Answered by Pat Young (Mother)').first().waitFor();

  // An adult who is not the child's guardian is not offered the child for a private room:
  // the coach's New Room lists the team's adult player, not the young one.
  await coachPage.goto('/chat');
  await coachPage.getByRole('button', { name: 'New Room' }).click();
  const room = coachPage.getByRole('dialog', { name: 'New Room' });
  await room.getByLabel('Private (picked members)').check();
  await room.getByRole('checkbox', { name: adult.name }).waitFor();
  expect(await room.getByRole('checkbox', { name: CHILD }).count()).toBe(0);
}, 300_000);
