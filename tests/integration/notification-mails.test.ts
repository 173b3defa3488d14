/**
 * Notification mails across content and the mailer (reference §2), to a real SMTP receiver: a
 * kind's mail turned off reaches nobody by mail; quiet hours hold a mail and release it after,
 * but not an urgent change; a notification read in the app is not mailed; the digest mails the
 * day's items once and no single mails; every mail carries a working one-click unsubscribe
 * (RFC 8058); a guardian who also plays gets one reminder mail for themselves and their child.
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DIGEST_HOUR,
  UNSUBSCRIBE_TEXTS,
  type NotificationJob,
  type NotificationPreferences,
} from '@teamapp/contracts';
import { drained, testRedisPrefix } from '@teamapp/service-kit/testing';
import { Queue } from 'bullmq';
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import request from 'supertest';
import { startContent, type ContentHarness } from '../../services/content/test/harness';
import { auth, newsMemberFor, type NewsMember } from '../../services/content/test/news-members';
import { notifications } from '../../services/content/src/db/schema';
import { DIGEST_QUEUE } from '../../services/content/src/jobs/digest';
import { eventually, startMailer, type MailerHarness } from '../../services/mailer/test/harness';

const ZONE = 'America/Chicago';
const HOUR = 3600_000;
const PUBLIC_URL = 'http://club.test';

let clock = new Date();
let content: ContentHarness;
let mailer: MailerHarness;

beforeAll(async () => {
  const prefix = testRedisPrefix();
  mailer = await startMailer({ prefix });
  content = await startContent({
    prefix,
    env: { CLUB_TIME_ZONE: ZONE, PUBLIC_URL },
    service: { now: () => clock },
  });
});
beforeEach(() => {
  // Near the real time: the queue's delay runs on the real clock.
  clock = new Date();
});
afterAll(async () => {
  await content.close();
  await mailer.close();
});

const queue = (name: 'notifications' | 'notification-mails' | 'mail') =>
  content.service.base.queues.queue(name);

/** Everything queued so far handled: notifications stored, mails decided and sent. */
async function settled() {
  await content.service.base.relay.flush();
  await drained(queue('notifications'));
  await content.service.base.relay.flush();
  await drained(queue('notification-mails'));
  await content.service.base.relay.flush();
  await drained(queue('mail'));
}

const mailsTo = (member: NewsMember) =>
  mailer.receiver.mails.filter((m) => m.to.includes(`${member.userId}@club.test`));

async function member(change: (p: NotificationPreferences) => void = () => undefined) {
  const m = await newsMemberFor(content, 'player', `Member ${randomUUID().slice(0, 6)}`, []);
  const preferences = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  change(preferences);
  const res = await request(content.server)
    .put('/api/notifications/preferences')
    .set(auth(m.token))
    .send(preferences);
  expect(res.status).toBe(200);
  return m;
}

const preferencesOf = async (m: NewsMember) =>
  (await request(content.server).get('/api/notifications/preferences').set(auth(m.token))).body
    .data as NotificationPreferences;

const notify = (job: NotificationJob) =>
  content.queues.add('notifications', job, randomUUID(), { requestId: randomUUID() });

const news = (userIds: string[], title = `Kit day ${randomUUID().slice(0, 6)}`) =>
  notify({ audience: { userIds }, title, message: 'Bring your old boots.', kind: 'news' });

/** HH:MM in the club's zone of the clock moved by some hours. */
const clubTime = (hours: number) =>
  DateTime.fromMillis(clock.getTime() + hours * HOUR, { zone: ZONE }).toFormat('HH:mm');

const quiet = (p: NotificationPreferences) => {
  p.quietHours = { start: clubTime(-1), end: clubTime(2) };
};

/** The mail job held for a member, once the consumer has delayed it. */
const heldFor = (m: NewsMember) =>
  eventually(async () =>
    (await queue('notification-mails').getDelayed()).find(
      (j) => (j.data as { userId: string }).userId === m.userId,
    ),
  );

describe('notification mails', () => {
  it('when a kind is turned off for mail, then it reaches nobody by mail; those with it on get it, with a one-click unsubscribe', async () => {
    const on = await member((p) => (p.kinds.news.mail = true));
    const off = await member();
    const title = `Kit day ${randomUUID().slice(0, 6)}`;

    await news([on.userId, off.userId], title);
    await settled();

    const [mail, ...more] = mailsTo(on);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`TeamApp: ${title}`);
    expect(mail!.text).toContain(`${PUBLIC_URL}/news`);
    expect(mail!.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/club\.test\/api\/notifications\/unsubscribe\?token=[\w.-]+>$/,
    );
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mailsTo(off)).toEqual([]);
    // In the app both have it: mail off is the mail channel only.
    const bell = await request(content.server).get('/api/notifications').set(auth(off.token));
    expect(bell.body.data.map((n: { title: string }) => n.title)).toContain(title);
  });

  it('when a member unsubscribes by the mail’s link, then GET only asks, POST turns that kind’s mail off (again: no change), and a bad token changes nothing', async () => {
    const m = await member((p) => {
      p.kinds.news.mail = true;
      p.kinds.tasks.mail = true;
    });
    await news([m.userId]);
    await settled();
    const header = mailsTo(m)[0]!.headers['list-unsubscribe']!;
    const url = new URL(header.slice(1, -1));
    const path = `${url.pathname}${url.search}`;

    const page = await request(content.server).get(path);
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/html');
    expect(page.text).toContain(UNSUBSCRIBE_TEXTS.confirmTitle);
    expect(page.text).toContain('<form method="post"><button type="submit">Unsubscribe</button>');
    expect((await preferencesOf(m)).kinds.news.mail).toBe(true);

    /** The POST a mail client makes (RFC 8058); the page's button posts an empty form. */
    const oneClick = (to: string, body = 'List-Unsubscribe=One-Click') =>
      request(content.server).post(to).type('form').send(body);
    // Altered inside the signature: the last base64url character carries unused bits, so
    // changing it alone may decode to the very same signature.
    const altered = path.replace(/.(?=.{4}$)/, (c) => (c === 'A' ? 'B' : 'A'));
    for (const bad of [altered, `${url.pathname}?token=nonsense`, url.pathname]) {
      // A mail client gets the JSON error body; a browser (asking for HTML) the page.
      const refused = await oneClick(bad);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        success: false,
        error: UNSUBSCRIBE_TEXTS.refusedTitle,
        code: 'bad_request',
      });
      const shown = await request(content.server).get(bad).set('Accept', 'text/html');
      expect(shown.status).toBe(400);
      expect(shown.type).toBe('text/html');
      expect(shown.text).toContain(UNSUBSCRIBE_TEXTS.refusedTitle);
    }
    expect((await preferencesOf(m)).kinds.news.mail).toBe(true);

    // As a mail client does it (RFC 8058), then as the page's button does it.
    for (const body of ['List-Unsubscribe=One-Click', '']) {
      const done = await oneClick(path, body);
      expect(done.status).toBe(200);
      expect(done.text).toContain(UNSUBSCRIBE_TEXTS.doneTitle);
      const now = await preferencesOf(m);
      expect(now.kinds.news).toEqual({ inApp: true, mail: false, push: false });
      expect(now.kinds.tasks.mail).toBe(true);
    }

    await news([m.userId]);
    await settled();
    expect(mailsTo(m)).toHaveLength(1);
  });

  it('when a member is in quiet hours, then a mail waits until they end and then goes once; one read in the app meanwhile does not go', async () => {
    const m = await member((p) => {
      p.kinds.news.mail = true;
      quiet(p);
    });
    const end = DateTime.fromMillis(clock.getTime() + 2 * HOUR, { zone: ZONE })
      .startOf('minute')
      .toMillis();

    await news([m.userId], 'Held news');
    const held = await heldFor(m);
    expect(mailsTo(m)).toEqual([]);

    clock = new Date(end + 60_000);
    await held.promote();
    await eventually(() => mailsTo(m).length === 1);
    await settled();
    expect(mailsTo(m).map((x) => x.subject)).toEqual(['TeamApp: Held news']);

    // Read in the app while held: not mailed.
    clock = new Date();
    await news([m.userId], 'Read news');
    const second = await heldFor(m);
    const [row] = await content.service.base.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, m.userId), eq(notifications.title, 'Read news')));
    const read = await request(content.server)
      .post(`/api/notifications/${row!.id}/read`)
      .set(auth(m.token));
    expect(read.status).toBe(200);
    clock = new Date(end + 60_000);
    await second.promote();
    await settled();
    expect(mailsTo(m)).toHaveLength(1);
  });

  it('when an event starting within 48 hours changes during quiet hours, then its mail is not held', async () => {
    const m = await member(quiet);

    await notify({
      audience: { userIds: [m.userId] },
      title: 'Event changed: Training',
      message: 'Now at North Field',
      kind: 'events',
      eventAt: new Date(clock.getTime() + 3 * HOUR).toISOString(),
    });
    await settled();

    expect(mailsTo(m).map((x) => x.subject)).toEqual(['TeamApp: Event changed: Training']);
  });

  it('when a member chose the digest, then the day’s items go once in one mail at the digest hour, and no single mails', async () => {
    const m = await member((p) => {
      p.kinds.news.mail = true;
      p.kinds.tasks.mail = true;
      p.digest = true;
    });
    await news([m.userId], 'First news');
    await news([m.userId], 'Second news');
    await notify({
      audience: { userIds: [m.userId] },
      title: 'New task: Paint the lines',
      message: 'Due Friday',
      kind: 'tasks',
    });
    await settled();
    expect(mailsTo(m)).toEqual([]);

    expect(await content.service.deps.mails.sendDigests()).toBeGreaterThanOrEqual(1);
    await settled();
    expect(await content.service.deps.mails.sendDigests()).toBe(0);
    await settled();

    const [digest, ...more] = mailsTo(m);
    expect(more).toEqual([]);
    expect(digest!.subject).toMatch(/^TeamApp: your daily digest, \w+day, \w+ \d{1,2}$/);
    expect(digest!.text).toContain('3 notifications');
    for (const title of ['First news', 'Second news', 'New task: Paint the lines']) {
      expect(digest!.text.split(title)).toHaveLength(2);
    }
    expect(digest!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // One schedule, at the digest hour in the club's time zone.
    const scheduler = new Queue(DIGEST_QUEUE, {
      connection: content.service.base.redis,
      prefix: `${content.prefix}bull`,
    });
    try {
      const schedules = await scheduler.getJobSchedulers();
      expect(schedules).toEqual([
        expect.objectContaining({ pattern: `0 ${DIGEST_HOUR} * * *`, tz: ZONE }),
      ]);
    } finally {
      await scheduler.close();
    }
  });

  it('when a guardian who also plays is reminded for herself and her child, then she gets one mail with both', async () => {
    const gina = await member();
    const link = (who: string, answer: string) =>
      `${PUBLIC_URL}/api/events/answer/${who}.${answer}.signed`;
    const links = (who: string) => ({
      attending: link(who, 'attending'),
      maybe: link(who, 'maybe'),
      'not-attending': link(who, 'not-attending'),
    });
    await notify({
      audience: { userIds: [gina.userId] },
      title: 'Reminder: Family Day',
      message: 'Sat at North Park. Let your team know whether you are going.',
      kind: 'reminders',
      mails: {
        [gina.userId]: {
          template: 'event-reminder',
          to: `${gina.userId}@club.test`,
          name: gina.name,
          title: 'Family Day',
          when: 'Sat, Jun 7, 2031, 10:00 AM',
          location: 'North Park',
          scheduleUrl: `${PUBLIC_URL}/schedule`,
          answerLinks: links('gina'),
          children: [{ name: 'Sam Small', answerLinks: links('sam') }],
        },
      },
    });
    await settled();

    const [mail, ...more] = mailsTo(gina);
    expect(more).toEqual([]);
    expect(mail!.text).toContain('You have not answered yet, and neither has Sam Small.');
    expect(mail!.text).toContain(`Going: ${link('gina', 'attending')}`);
    expect(mail!.text).toContain(`Sam Small: Going · Maybe · Can't Go`);
    expect(mail!.text).toContain(link('sam', 'not-attending'));
    expect(mail!.headers['list-unsubscribe']).toContain('/api/notifications/unsubscribe?token=');
  });
});
