/**
 * WCAG 2.2 AA on every screen: axe-core over every route of the platform's route list, signed
 * out, as an admin and as a player, at 1280 and 375 px wide, with the dialogs and menus open;
 * and no sideways scrolling at 320 px (WCAG 1.4.10).
 * One long flow per kind of visitor keeps the run short; it fails on any serious or critical
 * violation and prints each with its rule id and the elements at fault.
 */
import type { Browser, Page } from 'playwright-core';
import { AxeAudit, movingAnimations } from '../support/axe';
import {
  api,
  createPlayer,
  launchBrowser,
  logIn,
  newPage as newBrowserPage,
  waitUntil,
} from '../support/browser';
import { ADMIN } from '../support/config';
import {
  openMailbox,
  requestResetLink,
  resetPassword,
  type SmtpReceiver,
} from '../support/mailbox';
import { routesFor } from '../support/routes';

const WIDTHS = [1280, 375];
const PHONE = 375;
/** This file's own address for password-reset calls (the gateway limits them per address). */
const FROM = '127.0.0.4';
const FLOW_TIMEOUT_MS = 600_000;
const PAST_EVENT = 'Axe Check Training';
const PAST_GAME = 'Axe Check Game';
const AXE_ROOM = 'Axe Check Room';
const AXE_TASK = 'Axe Check Task';
const AXE_NEWS = 'Axe Check News';
const AXE_CHILD = 'Axe Young';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
let mailbox: SmtpReceiver;
beforeAll(async () => {
  mailbox = await openMailbox();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await mailbox.close();
  // Leave the branding as the other tests expect it.
  const token = (await api('POST', '/auth/login', { body: ADMIN })).body.token as string;
  await api('POST', '/settings/reset', { token });
});

/** A page of its own context, where axe is put into each screen as it loads. */
async function newPage(of: Browser) {
  const opened = await newBrowserPage(of);
  await AxeAudit.onEveryPage(opened.context);
  return opened;
}

/** Fails with the findings listed; prints the per-rule summary either way. */
function expectNoBlocking(audit: AxeAudit, who: string) {
  process.stdout.write(`\n${who}\n${audit.summary()}\n`);
  expect(audit.report()).toBe('');
}

async function visit(page: Page, route: string) {
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  await page.locator('#root').locator('h1, h2, [role="alert"]').first().waitFor();
}

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

/** On `route`, presses `button`, checks the dialog it opens, and closes it with Escape. */
async function checkDialog(
  page: Page,
  audit: AxeAudit,
  route: string,
  button: string,
  view: string,
) {
  await visit(page, route);
  await page.getByRole('button', { name: button }).first().click();
  await page.getByRole('dialog').waitFor();
  await audit.check(page, view);
  await closeDialog(page);
}

/** A group room with one message in it, made through the API. */
async function createRoomWithMessage(name: string, content: string) {
  const token = (await api('POST', '/auth/login', { body: ADMIN })).body.token as string;
  const room = await api('POST', '/chat', { token, body: { name, type: 'group' } });
  if (room.status !== 201) throw new Error(`room factory failed: ${room.status}`);
  const id = (room.body.data as { id: string }).id;
  const sent = await api('POST', `/chat/${id}/messages`, { token, body: { content } });
  if (sent.status !== 201) throw new Error(`message factory failed: ${sent.status}`);
}

/**
 * A young player with no login in the club's first team (docs/reference.md "Families"), made
 * through the API, with `guardianEmail` (a member) linked as their guardian when given.
 */
async function createChild(name: string, guardianEmail?: string) {
  const token = (await api('POST', '/auth/login', { body: ADMIN })).body.token as string;
  const teams = (await api('GET', '/teams', { token })).body.teams as { id: string }[];
  const child = await api('POST', '/user/children', {
    token,
    body: { name, dateOfBirth: '2015-03-03', teamId: teams[0]?.id },
  });
  if (child.status !== 201) throw new Error(`child factory failed: ${child.status}`);
  if (!guardianEmail) return;
  const id = (child.body.data as { id: string }).id;
  const linked = await api('POST', `/user/${id}/guardians`, {
    token,
    body: { email: guardianEmail, relation: 'Father' },
  });
  if (linked.status !== 201) throw new Error(`guardian link failed: ${linked.status}`);
}

/** A task on the club board, made through the API. */
async function createTask(title: string) {
  const token = (await api('POST', '/auth/login', { body: ADMIN })).body.token as string;
  const res = await api('POST', '/club-tasks', { token, body: { title, description: 'Check' } });
  if (res.status !== 201) throw new Error(`task factory failed: ${res.status}`);
}

/** The board's add, details, edit and delete dialogs and a card's menu (admins). */
async function checkBoard(page: Page, audit: AxeAudit, width: number) {
  await checkDialog(
    page,
    audit,
    '/club-development',
    'Add Task',
    `/club-development add @${width}`,
  );
  await page.getByRole('button', { name: AXE_TASK, exact: true }).first().click();
  await page.getByRole('dialog', { name: AXE_TASK }).getByLabel('Status').waitFor();
  await audit.check(page, `/club-development details dialog @${width}`);
  await closeDialog(page);
  for (const item of ['Edit', 'Delete']) {
    await page
      .getByRole('button', { name: `Actions for ${AXE_TASK}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: item }).waitFor();
    if (item === 'Edit') await audit.check(page, `/club-development card menu open @${width}`);
    await page.getByRole('menuitem', { name: item }).click();
    await page.getByRole('dialog').waitFor();
    await audit.check(page, `/club-development ${item.toLowerCase()} dialog @${width}`);
    await closeDialog(page);
  }
}

/** An event that started an hour ago, so attendance (or a game's result) can be recorded. */
async function createPastEvent(title: string, type: 'training' | 'game' = 'training') {
  const token = (await api('POST', '/auth/login', { body: ADMIN })).body.token as string;
  const started = new Date(Date.now() - 3_600_000).toISOString();
  const res = await api('POST', '/events', {
    token,
    body: { title, eventDate: started, location: 'Main Field', type },
  });
  if (res.status !== 201) throw new Error(`event factory failed: ${res.status}`);
}

/** An upcoming game, so the showcase at / lists a fixture with its INFO dialog. */
async function createUpcomingGame(title: string) {
  const token = (await api('POST', '/auth/login', { body: ADMIN })).body.token as string;
  const res = await api('POST', '/events', {
    token,
    body: {
      title,
      eventDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      location: 'Main Field',
      type: 'game',
    },
  });
  if (res.status !== 201) throw new Error(`game factory failed: ${res.status}`);
}

/** The bell's dropdown, open, then closed again. */
async function checkBell(page: Page, audit: AxeAudit, view: string) {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page
    .getByText(/No notifications yet|Mark all read|ago$|just now/)
    .first()
    .waitFor();
  await audit.check(page, view);
  await page.keyboard.press('Escape');
}

/** The sidebar, open (an overlay on phones), then closed again. */
async function checkNavigation(page: Page, audit: AxeAudit, view: string) {
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  await toggle.click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link')
    .first()
    .waitFor();
  await audit.check(page, view);
  await toggle.click();
}

it(
  'when a signed-out visitor opens every public screen and dialog, then axe finds nothing serious',
  async () => {
    const player = await createPlayer('Riley Reader');
    await createUpcomingGame('vs Axe Check United');
    const resetLink = await requestResetLink(mailbox, player.email, FROM);
    const { context, page } = await newPage(browser);
    const audit = new AxeAudit();

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const route of await routesFor('signed-out', page)) {
        await visit(page, route);
        await audit.check(page, `${route} @${width}`);
        if (width === PHONE) await audit.checkReflow(page, route);
      }

      await visit(page, '/');
      await page.getByRole('button', { name: 'INFO: vs Axe Check United' }).first().click();
      await page.getByRole('dialog').waitFor();
      await audit.check(page, `/ showcase fixture dialog @${width}`);
      await closeDialog(page);

      await visit(page, '/login');
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await page.getByRole('dialog').getByLabel('Email').waitFor();
      await audit.check(page, `/login forgot-password dialog @${width}`);
      await closeDialog(page);

      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password').fill('Not!ThePassword1');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByText('Invalid email or password').waitFor();
      await audit.check(page, `/login failed sign-in @${width}`);

      await visit(page, resetLink);
      await page.getByText('Token verified. Please enter your new password below.').waitFor();
      await page.getByLabel('New Password').fill('weak');
      await page.getByLabel('Confirm Password').fill('weaker');
      await audit.check(page, `/reset-password form with errors @${width}`);
    }

    await context.close();
    expectNoBlocking(audit, 'signed out');
  },
  FLOW_TIMEOUT_MS,
);

it(
  'when an admin opens every screen, menu and dialog, then axe finds nothing serious',
  async () => {
    // A member whose name cannot wrap makes the attendance answers wider than a phone.
    await createPlayer('Maximiliana Featherstonehaugh-Wolfeschlegelsteinhausen');
    await createPastEvent(PAST_EVENT);
    await createPastEvent(PAST_GAME, 'game');
    await createRoomWithMessage(AXE_ROOM, 'Axe says hello');
    await createTask(AXE_TASK);
    // A young player with a guardian: their card lists one, with its Remove confirmation.
    const guardian = await createPlayer('Gale Guardian');
    await createChild(AXE_CHILD, guardian.email);
    const news = await api('POST', '/news', {
      token: (await api('POST', '/auth/login', { body: ADMIN })).body.token as string,
      body: { title: AXE_NEWS, content: 'Line one\nLine two', isPinned: true, notify: false },
    });
    if (news.status !== 201) throw new Error(`news factory failed: ${news.status}`);
    const { context, page } = await newPage(browser);
    const audit = new AxeAudit();
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    const routes = await routesFor('admin', page);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const route of routes) {
        await visit(page, route);
        await audit.check(page, `${route} @${width}`);
        if (width === PHONE) await audit.checkReflow(page, route);
      }
      if (width === PHONE) {
        // The check above met a table that really scrolls sideways, inside a region the keyboard
        // can reach (axe's scrollable-region-focusable needs a region that overflows to judge).
        await visit(page, '/attendance');
        const answers = page.getByRole('region', { name: `Responses for ${PAST_EVENT}` });
        expect(await answers.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        await answers.focus();
        expect(await answers.evaluate((el) => el === document.activeElement)).toBe(true);
        await audit.check(page, `/attendance answers scrolling @${width}`);
      }

      await visit(page, '/dashboard');
      await checkNavigation(page, audit, `navigation open @${width}`);
      await checkBell(page, audit, `notifications open @${width}`);

      await visit(page, '/settings');
      await page.getByRole('button', { name: 'Reset to Defaults' }).click();
      await page.getByRole('dialog').waitFor();
      await audit.check(page, `/settings reset dialog @${width}`);
      await closeDialog(page);

      await page
        .getByLabel('Upload logo')
        .setInputFiles({ name: 'crest.png', mimeType: 'image/png', buffer: PNG_1PX });
      await page.getByText('Logo uploaded successfully!').waitFor();
      await audit.check(page, `/settings logo uploaded @${width}`);
      await page.getByRole('button', { name: 'Remove Logo' }).click();
      await page.getByRole('dialog').waitFor();
      await audit.check(page, `/settings remove-logo dialog @${width}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Logo removed successfully!').waitFor();

      // The showcase editor below the branding, with an item being added.
      await page.getByRole('button', { name: 'Add featured item' }).click();
      await page.getByRole('group', { name: /Featured item 1/ }).waitFor();
      await audit.check(page, `/settings showcase editor @${width}`);

      await checkDialog(
        page,
        audit,
        '/schedule',
        'Add New Event',
        `/schedule event dialog @${width}`,
      );
      await checkDialog(
        page,
        audit,
        '/schedule',
        'Regenerate',
        `/schedule new calendar address dialog @${width}`,
      );
      await visit(page, '/schedule');
      await page
        .getByRole('button', { name: `Actions for ${PAST_EVENT}` })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
      await audit.check(page, `/schedule event menu open @${width}`);
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await page.getByRole('dialog', { name: 'Edit Event' }).waitFor();
      await audit.check(page, `/schedule edit dialog @${width}`);
      await closeDialog(page);
      await page
        .getByRole('button', { name: `Actions for ${PAST_GAME}` })
        .first()
        .click();
      await page.getByRole('menuitem', { name: /^(Record|Edit) Result$/ }).click();
      await page.getByRole('dialog', { name: /Result: / }).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Add Scorer' }).click();
      await page.getByRole('dialog').getByRole('group', { name: 'Scorer 1' }).waitFor();
      await audit.check(page, `/schedule record result dialog @${width}`);
      await closeDialog(page);
      await checkDialog(page, audit, '/chat', 'New Room', `/chat new room dialog @${width}`);
      await visit(page, '/chat');
      await page.getByRole('button', { name: new RegExp(AXE_ROOM) }).click();
      await page.getByRole('log').getByText('Axe says hello').waitFor();
      await audit.check(page, `/chat room open @${width}`);
      await page.getByRole('button', { name: 'Delete Room' }).click();
      await page.getByRole('dialog').waitFor();
      await audit.check(page, `/chat delete room dialog @${width}`);
      await closeDialog(page);
      await checkDialog(page, audit, '/users', 'Invite User', `/users invite dialog @${width}`);
      await checkDialog(
        page,
        audit,
        '/users',
        'Add young player',
        `/users add young player dialog @${width}`,
      );
      await visit(page, '/users');
      await page
        .getByRole('button', { name: `Guardians of ${AXE_CHILD}` })
        .first()
        .click();
      // The card loads its guardians and, for a club admin, "Who can see what" (which names the
      // guardian too): both are checked once both are there.
      const card = page.getByRole('dialog', { name: AXE_CHILD });
      await card.getByRole('button', { name: 'Remove Gale Guardian as a guardian' }).waitFor();
      await card.getByRole('list', { name: 'Who can see what' }).waitFor();
      await audit.check(page, `/users young player's card @${width}`);
      await page.getByRole('button', { name: 'Remove Gale Guardian as a guardian' }).click();
      await page.getByRole('dialog', { name: 'Remove guardian' }).waitFor();
      await audit.check(page, `/users remove guardian dialog @${width}`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Remove guardian' }).waitFor({ state: 'hidden' });
      await closeDialog(page);
      await checkDialog(page, audit, '/news', 'Create Post', `/news create dialog @${width}`);
      await checkDialog(page, audit, '/news', `Edit ${AXE_NEWS}`, `/news edit dialog @${width}`);
      await checkDialog(
        page,
        audit,
        '/news',
        `Delete ${AXE_NEWS}`,
        `/news delete dialog @${width}`,
      );
      await checkDialog(
        page,
        audit,
        '/users',
        `Edit ${ADMIN.name}`,
        `/users edit dialog @${width}`,
      );
      await checkDialog(
        page,
        audit,
        '/players',
        `Edit ${ADMIN.name}`,
        `/players edit dialog @${width}`,
      );
      await checkDialog(
        page,
        audit,
        '/players',
        `Remove Player ${ADMIN.name}`,
        `/players remove alert @${width}`,
      );
      await checkDialog(
        page,
        audit,
        '/attendance',
        `Record attendance for ${PAST_EVENT}`,
        `/attendance record dialog @${width}`,
      );
      await checkBoard(page, audit, width);

      await visit(page, '/profile');
      await page
        .getByLabel('Upload profile picture')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1PX });
      await page.getByText('Profile picture updated successfully!').waitFor();
      await audit.check(page, `/profile with a picture @${width}`);
      await page.getByRole('button', { name: 'Remove Picture' }).click();
      await page.getByRole('dialog').waitFor();
      await audit.check(page, `/profile remove-picture dialog @${width}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
      await page.getByText('Profile picture removed successfully!').waitFor();
      // The signed-in devices (the admin is signed in elsewhere too) and their confirmations.
      const devices = page.getByRole('region', { name: 'Signed-in Devices' });
      await devices.getByText('This device', { exact: true }).waitFor();
      await audit.check(page, `/profile signed-in devices @${width}`);
      await devices
        .getByRole('button', { name: /^Sign out .+ on .+$/ })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Sign Out Device' }).waitFor();
      await audit.check(page, `/profile sign-out-device dialog @${width}`);
      await closeDialog(page);
      await devices.getByRole('button', { name: 'Sign out everywhere else' }).click();
      await page.getByRole('dialog', { name: 'Sign Out Everywhere Else' }).waitFor();
      await audit.check(page, `/profile sign-out-everywhere-else dialog @${width}`);
      await closeDialog(page);
    }

    // A colour that is not one: the field says so, tied to it (aria-invalid, aria-describedby).
    await page.setViewportSize({ width: 1280, height: 900 });
    await visit(page, '/settings');
    const headerColour = page.getByLabel('Header Color');
    await headerColour.fill('#12');
    await headerColour.press('Enter');
    await page.getByText('Enter a hex color such as #2563eb.').waitFor();
    expect(await headerColour.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await headerColour.getAttribute('aria-describedby')) ?? '';
    const description = await page.evaluate(
      (ids) => ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
      describedBy.split(' '),
    );
    expect(description).toContain('Enter a hex color such as #2563eb.');
    await audit.check(page, '/settings with a field error @1280');

    // A pale header colour: the header's text must turn black to stay readable.
    await headerColour.fill('#fde047');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings saved successfully!').waitFor();
    const titleColour = await page
      .getByTestId('app-title')
      .evaluate((el) => getComputedStyle(el).color);
    expect(titleColour).toBe('rgb(0, 0, 0)');
    await audit.check(page, '/settings with a pale header @1280');

    await context.close();
    expectNoBlocking(audit, 'admin');
  },
  FLOW_TIMEOUT_MS,
);

it(
  'when a player opens every screen and the bell with unread notifications, then axe finds nothing serious',
  async () => {
    await createTask(AXE_TASK);
    const player = await createPlayer('Sam Striker');
    // Sam answers for a young player: /family lists them, with its Add absence dialog.
    await createChild(AXE_CHILD, player.email);
    const password = 'Fresh!Start42';
    await resetPassword(mailbox, player.email, password, FROM);
    const { context, page } = await newPage(browser);
    const audit = new AxeAudit();
    await logIn(page, player.email, password);
    await page.waitForURL('**/dashboard');
    const routes = await routesFor('player', page);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const route of routes) {
        await visit(page, route);
        await audit.check(page, `${route} @${width}`);
        if (width === PHONE) await audit.checkReflow(page, route);
      }
      await visit(page, '/dashboard');
      await checkNavigation(page, audit, `navigation open @${width}`);
      await checkBell(page, audit, `notifications open, one unread @${width}`);
      await checkDialog(page, audit, '/players', 'Edit Sam Striker', `/players own card @${width}`);
      await checkDialog(
        page,
        audit,
        '/availability',
        'Add Availability',
        `/availability add dialog @${width}`,
      );
      await checkDialog(
        page,
        audit,
        '/family',
        `Add absence for ${AXE_CHILD}`,
        `/family add absence dialog @${width}`,
      );
      await visit(page, '/club-development');
      await page.getByRole('button', { name: AXE_TASK, exact: true }).first().click();
      await page.getByRole('dialog', { name: AXE_TASK }).waitFor();
      await audit.check(page, `/club-development details, read only @${width}`);
      await closeDialog(page);
    }

    // An entry on the calendar, and the confirmation before deleting it.
    await page.setViewportSize({ width: 1280, height: 900 });
    await visit(page, '/availability');
    await page.getByRole('button', { name: 'Add Availability' }).click();
    await page.getByRole('dialog').getByLabel('Reason').fill('Family wedding');
    await page.getByRole('dialog').getByRole('button', { name: 'Add Entry' }).click();
    await page.getByText('Availability entry created successfully').waitFor();
    await audit.check(page, '/availability with an entry @1280');
    await page.getByRole('button', { name: /^Delete availability entry/ }).click();
    await page.getByRole('dialog').waitFor();
    await audit.check(page, '/availability delete dialog @1280');
    await closeDialog(page);

    await context.close();

    // The first sign-in with an invitation's temporary password: the choose-your-password step.
    const invited = `invited.${Date.now()}@e2e.test`;
    const adminToken = (await api('POST', '/auth/login', { body: ADMIN })).body.token as string;
    const sent = await api('POST', '/email/send-invitation', {
      token: adminToken,
      body: { email: invited, firstName: 'Ivy', lastName: 'Invited', role: 'player' },
    });
    expect(sent.status).toBe(201);
    const mail = await waitUntil('the invitation mail', async () =>
      mailbox.mails.find((m) => m.to.includes(invited)),
    );
    const temporary = /Temporary password: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const step = await newPage(browser);
    await logIn(step.page, invited, temporary);
    await step.page.waitForURL('**/choose-password');
    for (const width of WIDTHS) {
      await step.page.setViewportSize({ width, height: 900 });
      await step.page.getByLabel(/^New Password/).fill('weak');
      await step.page.getByLabel(/^Confirm New Password/).fill('weaker');
      await audit.check(step.page, `/choose-password with errors @${width}`);
      if (width === PHONE) await audit.checkReflow(step.page, '/choose-password');
    }
    await step.context.close();
    expectNoBlocking(audit, 'player');
  },
  FLOW_TIMEOUT_MS,
);

/**
 * A club of several teams (docs/reference.md "Teams"): two teams, a coach of one who plays in the
 * other (so the header's team picker shows), walked as the coach and as a club admin with the
 * teams' screens and dialogs open. The teams are archived at the end: the other walks see a
 * one-team club.
 */
it(
  'when a coach of one of several teams opens their screens and dialogs, then axe finds nothing serious',
  async () => {
    const adminToken = (await api('POST', '/auth/login', { body: ADMIN })).body.token as string;
    const run = Date.now() % 100_000;
    const firsts = `Axe Firsts ${run}`;
    const reserves = `Axe Reserves ${run}`;
    const teamIds: string[] = [];
    for (const name of [firsts, reserves]) {
      const made = await api('POST', '/teams', { token: adminToken, body: { name } });
      if (made.status !== 201) throw new Error(`team factory failed: ${made.status}`);
      teamIds.push((made.body.team as { id: string }).id);
    }
    const [firstsId, reservesId] = teamIds as [string, string];
    try {
      const coach = await createPlayer('Axe Coach');
      const player = await createPlayer('Axe Winger');
      const users = (await api('GET', '/user/all', { token: adminToken })).body.data as {
        id: string;
        email: string;
      }[];
      const idOf = (email: string) => users.find((u) => u.email === email)!.id;
      const join = async (teamId: string, email: string, role: 'coach' | 'player') => {
        const res = await api('PUT', `/teams/${teamId}/members/${idOf(email)}`, {
          token: adminToken,
          body: { role },
        });
        if (res.status !== 200) throw new Error(`roster factory failed: ${res.status}`);
      };
      await join(firstsId, coach.email, 'coach');
      await join(reservesId, coach.email, 'player');
      await join(firstsId, player.email, 'player');
      const coachToken = (await api('POST', '/auth/login', { body: coach })).body.token as string;
      // The events service knows the coach's team once a team event can be listed for it.
      await waitUntil('the events service knows the coach', async () =>
        (await api('GET', `/events?teamId=${firstsId}`, { token: coachToken })).status === 200
          ? true
          : undefined,
      );

      const audit = new AxeAudit();
      const { context, page } = await newPage(browser);
      await logIn(page, coach.email, coach.password);
      await page.waitForURL('**/dashboard');
      const roster = `/teams?team=${firstsId}`;
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const route of ['/dashboard', '/teams', roster, '/schedule', '/news', '/chat']) {
          await visit(page, route);
          await audit.check(page, `coach ${route} @${width}`);
          if (width === PHONE) await audit.checkReflow(page, route);
        }
        await visit(page, '/dashboard');
        await checkNavigation(page, audit, `coach navigation open @${width}`);
        await checkDialog(
          page,
          audit,
          '/schedule',
          'Add New Event',
          `coach /schedule add @${width}`,
        );
        await checkDialog(page, audit, '/news', 'Create Post', `coach /news create @${width}`);
        await checkDialog(page, audit, '/chat', 'New Room', `coach /chat new room @${width}`);
        await checkDialog(page, audit, roster, 'Invite to Team', `coach invite to team @${width}`);
        await checkDialog(
          page,
          audit,
          roster,
          `Remove Axe Winger from ${firsts}`,
          `coach remove from team @${width}`,
        );
      }
      await context.close();

      const admin = await newPage(browser);
      await logIn(admin.page, ADMIN.email, ADMIN.password);
      await admin.page.waitForURL('**/dashboard');
      for (const width of WIDTHS) {
        await admin.page.setViewportSize({ width, height: 900 });
        await checkDialog(admin.page, audit, '/teams', 'Create Team', `/teams create @${width}`);
        await checkDialog(admin.page, audit, '/teams', `Edit ${firsts}`, `/teams edit @${width}`);
        await checkDialog(
          admin.page,
          audit,
          '/teams',
          `Archive ${firsts}`,
          `/teams archive @${width}`,
        );
        await visit(admin.page, roster);
        await audit.check(admin.page, `admin ${roster} @${width}`);
      }
      await admin.context.close();
      expectNoBlocking(audit, 'coach of several teams');
    } finally {
      for (const id of teamIds) await api('DELETE', `/teams/${id}`, { token: adminToken });
    }
  },
  FLOW_TIMEOUT_MS,
);

it('when the visitor prefers reduced motion, then opening the sidebar and the bell animates nothing', async () => {
  const { context, page } = await newPage(browser);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/dashboard');

  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  const afterSidebar = await movingAnimations(page);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const afterBell = await movingAnimations(page);

  expect(afterSidebar).toBe(0);
  expect(afterBell).toBe(0);
  await context.close();
});
