/**
 * A reminder's push answers without opening the app (reference §2 "Notifications on the phone"),
 * end to end in Chromium through nginx: the member's signed Going and Can't Go links come from a
 * real reminder (its mail carries the same links as its push), a push with them is delivered to the
 * app's registered service worker over CDP (a browser's push service is out of reach here), the
 * worker shows the notification with its actions, and a tap on Going, fired inside the worker as
 * Chromium would (headless Chromium cannot click a notification), answers through the API and says
 * so. A tap on the body opens the app at the push's page.
 */
import { randomUUID } from 'node:crypto';
import type { PushPayload } from '@teamapp/contracts';
import type { Browser, Worker } from 'playwright-core';
import { BASE_URL } from '../support/config';
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

const TITLE = `Push Training ${Date.now() % 100_000}`;

let browser: Browser;
let mailbox: SmtpReceiver;
beforeAll(async () => {
  browser = await launchBrowser();
  mailbox = await openMailbox();
});
afterAll(async () => {
  await mailbox.close();
  await browser.close();
});

/** The parts of the worker's scope the test reaches (TypeScript's DOM lib lacks them). */
interface WorkerScope {
  registration: { getNotifications(filter: { tag: string }): Promise<Notification[]> };
  dispatchEvent(event: Event): boolean;
}
declare const NotificationEvent: new (
  type: 'notificationclick',
  init: { notification: Notification; action: string },
) => Event;

/** What the worker shows, as the Notifications API lists it. */
interface Shown {
  title: string;
  body: string;
  tag: string;
  icon: string;
  actions: { action: string; title: string }[];
}

const shownBy = (worker: Worker, tag: string) =>
  worker.evaluate(async (wanted) => {
    const scope = self as unknown as WorkerScope;
    return (await scope.registration.getNotifications({ tag: wanted })).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      actions: (n as unknown as { actions: { action: string; title: string }[] }).actions.map(
        (a) => ({ action: a.action, title: a.title }),
      ),
    }));
  }, tag) as Promise<Shown[]>;

/**
 * A click on the notification tagged `tag` (on `action`, or its body when empty), as Chromium
 * dispatches it; resolves once the work the worker's handler gave waitUntil is done.
 */
const click = (worker: Worker, tag: string, action: string) =>
  worker.evaluate(
    async ([wanted, chosen]) => {
      const scope = self as unknown as WorkerScope;
      const [notification] = await scope.registration.getNotifications({ tag: wanted });
      if (!notification) throw new Error(`no notification tagged ${wanted}`);
      const event = new NotificationEvent('notificationclick', { notification, action: chosen });
      // A synthetic event's own waitUntil refuses (it is not trusted): collect the work instead.
      const work: Promise<unknown>[] = [];
      Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => work.push(p) });
      scope.dispatchEvent(event);
      await Promise.all(work);
    },
    [tag, action] as const,
  );

it("when a reminder's push is answered Going from the notification, then the answer is recorded without opening the app", async () => {
  const { context, page } = await newPage(browser, 375);
  await context.grantPermissions(['notifications'], { origin: BASE_URL });
  const player = await createPlayer('Penny Push');
  await logIn(page, player.email, player.password);
  await page.waitForURL('**/dashboard');
  await waitUntil('the service worker is active', () =>
    page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state === 'activated'),
  );
  const worker = await waitUntil('the worker is reachable', async () =>
    context.serviceWorkers().find((w) => w.url().endsWith('/sw.js')),
  );

  // A real reminder: the event starts a day and a few seconds from now, so its 24-hour reminder
  // runs in a few seconds; the mail carries the member's links.
  const created = await api('POST', '/events', {
    token: await adminToken(),
    body: {
      title: TITLE,
      eventDate: new Date(Date.now() + 86_400_000 + 5_000).toISOString(),
      location: 'East Field',
      type: 'training',
    },
  });
  expect(created.status).toBe(201);
  const eventId = (created.body.data as { events: { id: string }[] }).events[0]!.id;
  const mail = await waitUntil(
    'the reminder mail',
    // The reminder, not the new event's notification mail (events are mailed too by default).
    async () =>
      mailbox.mails.find(
        (m) => m.to.includes(player.email) && m.subject.includes(`reminder: ${TITLE}`),
      ),
    40_000,
  );
  const linkOf = (label: string) =>
    new URL(new RegExp(`^${label}: (\\S+)$`, 'm').exec(mail.text)![1]!).pathname;

  // The push as content sends it for this member (services/content, pushPayloadOf).
  const tag = randomUUID();
  const payload: PushPayload = {
    title: `Reminder: ${TITLE}`,
    body: 'Tomorrow at East Field. Let your team know whether you are going.',
    kind: 'reminders',
    url: '/schedule',
    tag,
    eventId,
    actions: [
      { action: 'going', title: 'Going', url: linkOf('Going') },
      { action: 'not-going', title: "Can't Go", url: linkOf("Can't Go") },
    ],
  };
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && r.scopeURL === `${BASE_URL}/`);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: BASE_URL,
    registrationId: await registered,
    data: JSON.stringify(payload),
  });

  // Shown with the club's icon and the two answers.
  const [shown] = await waitUntil('the notification is shown', async () => {
    const found = await shownBy(worker, tag);
    return found.length > 0 && found;
  });
  expect(shown).toEqual({
    title: `Reminder: ${TITLE}`,
    body: payload.body,
    tag,
    icon: `${BASE_URL}/api/settings/icons/icon-192.png`,
    actions: [
      { action: 'going', title: 'Going' },
      { action: 'not-going', title: "Can't Go" },
    ],
  });

  // Going, from the notification: the app is not opened; the answer is the member's.
  await page.goto('/profile');
  await click(worker, tag, 'going');
  const [answered] = await shownBy(worker, tag);
  expect(answered).toMatchObject({ title: "You're going", body: `Reminder: ${TITLE}` });
  expect(new URL(page.url()).pathname).toBe('/profile');
  const login = await api('POST', '/auth/login', {
    body: { email: player.email, password: player.password },
  });
  const events = await api('GET', '/events', { token: login.body.token as string });
  const mine = events.body.mine as Record<string, { status: string }>;
  expect(mine[eventId]?.status).toBe('attending');

  // A tap on the body opens the app at the push's page, in the window already open.
  await click(worker, tag, '');
  await page.waitForURL('**/schedule');
  expect(context.pages()).toHaveLength(1);
  await context.close();
});
