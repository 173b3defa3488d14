/**
 * One-tap answers from mail (reference §2), on PGlite or the PostgreSQL at DATABASE_URL: the
 * links a reminder carries, the page a link opens (GET records nothing), the answer a confirmed
 * link records (POST, through the app's RSVP), and every refused link: a clear page, its status,
 * and no answer changed. The pages wear the branding a real content service published, as the
 * events service keeps it from its `events-branding` queue.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrandingLookEvent, MailJob, RsvpStatus, TeamMembership } from '@teamapp/contracts';
import { AxeBuilder } from '@axe-core/playwright';
import { launchChromium } from '@teamapp/platform/chromium';
import { drained } from '@teamapp/service-kit/testing';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { startContent } from '../../../../content/test/harness';
import {
  eventually,
  auth,
  clubDateTime,
  createEvent,
  startEvents,
  type EventsHarness,
  type Member,
  publishedMails,
} from '../../../test/harness';
import { createEventsService } from '../../app';
import { loadEventsConfig } from '../../config';
import { rsvps } from '../../db/schema';
import { answerLinkSigner } from '../../domain/answer-links';

const HOUR = 3_600_000;
/** The club icon's address as content publishes it for a logo. */
const ICON = /^\/api\/settings\/icons\/icon-192\.png\?v=[0-9a-f]+$/;

let h: EventsHarness;
let admin: Member;
let logo: string;
const TEAM = randomUUID();
let clock = Date.now() + HOUR;
const later = () => new Date((clock += 1000)).toISOString();

/** The page a link opens, with its title as the browser's tab shows it. */
const titleOf = async (harness: EventsHarness, url: string) =>
  /<title>(.*)<\/title>/.exec((await request(harness.server).get(new URL(url).pathname)).text)?.[1];

beforeAll(async () => {
  h = await startEvents();
  // Content publishes the branding on each write; the events service keeps it from its own queue.
  const content = await startContent();
  const { token } = await content.userFor('admin');
  const png = await sharp({
    create: { width: 16, height: 16, channels: 3, background: '#b91c1c' },
  })
    .png()
    .toBuffer();
  logo = `data:image/png;base64,${png.toString('base64')}`;
  for (const [method, path, body] of [
    ['put', '/api/settings', { appTitle: 'Riverside <FC>', headerColor: '#fde047' }],
    ['post', '/api/settings/logo', { logoUrl: logo }],
  ] as const) {
    const res = await request(content.server)[method](path).set(auth(token)).send(body);
    if (res.status !== 200) throw new Error(`branding: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const published = (await content.published('events-branding')) as BrandingLookEvent[];
  // The mailer's and auth's queues carry the title alone; the look travels to events only.
  expect((await content.published('branding')).at(-1)).not.toHaveProperty('headerColor');
  await content.close();
  for (const event of published) await h.queues.add('events-branding', event, randomUUID());
  await eventually(async () => ICON.test((await h.service.deps.branding.current()).logoUrl ?? ''), {
    what: 'the branding kept from content',
  });
  admin = await h.memberFor('admin');
  await h.service.deps.teams.teamChanged({
    teamId: TEAM,
    at: later(),
    team: { name: 'Rovers', colour: '#1864ab', public: false, archived: false },
  });
});
afterAll(async () => {
  await h.close();
});

/** The member's answer to the event as stored, or undefined when none. */
async function answerOf(member: Member, eventId: string): Promise<RsvpStatus | undefined> {
  const [row] = await h.service.base.db
    .select()
    .from(rsvps)
    .where(and(eq(rsvps.userId, member.userId), eq(rsvps.eventId, eventId)));
  return row?.status;
}

/** The member's links for the event, as a reminder would carry them. */
const linksOf = (member: Member, event: { id: string; event_date: string }) =>
  h.service.deps.answerLinks.linksFor(member.userId, {
    id: event.id,
    eventDate: new Date(event.event_date),
  });

/** What a browser asks for when it follows a link or sends a form. */
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const pathOf = (url: string) => new URL(url).pathname;
const open = (url: string) => request(h.server).get(pathOf(url)).set('Accept', BROWSER);
const confirm = (url: string) =>
  request(h.server).post(pathOf(url)).set('Accept', BROWSER).type('form').send('');

async function setTeams(member: Member, teams: TeamMembership[], kind: 'updated' | 'left') {
  await h.service.deps.members.memberChanged({
    userId: member.userId,
    kind,
    at: later(),
    member: { name: member.name, email: member.email, role: 'player', profilePicture: null, teams },
  });
}

/** A refused link: its status and page, asked both ways, and the member's answer unchanged. */
async function expectRefused(
  url: string,
  member: Member,
  eventId: string,
  status: number,
  heading: string,
) {
  const before = await answerOf(member, eventId);
  for (const res of [await open(url), await confirm(url), await confirm(url)]) {
    expect({ status: res.status, type: res.type }).toEqual({ status, type: 'text/html' });
    expect(res.text).toContain(`<h1>${heading}</h1>`);
    expect(res.text).toContain('Nothing was recorded');
    expect(res.text).not.toContain('<form');
  }
  // A client that does not ask for HTML gets the reference §7 error body, with the same words.
  const code = { 400: 'bad_request', 403: 'forbidden', 410: 'gone' }[status];
  for (const res of [
    await request(h.server).get(pathOf(url)),
    await request(h.server).post(pathOf(url)).set('Accept', 'application/json'),
  ]) {
    expect({ status: res.status, type: res.type }).toEqual({ status, type: 'application/json' });
    expect(res.body).toMatchObject({ success: false, error: heading, code });
  }
  expect(await answerOf(member, eventId)).toBe(before);
}

describe('the links a reminder carries', () => {
  it("when a reminder goes out, then each member's mail carries a Going, a Maybe and a Can't Go link signed for them and the event", async () => {
    const player = await h.memberFor('player', 'Pat Player');
    const [event] = await createEvent(h, admin.token, {
      title: 'Link Derby',
      eventDate: clubDateTime(2),
    });

    await h.service.deps.reminders.send({
      eventId: event!.id,
      step: '24h',
      startsAt: event!.event_date,
    });

    const mails = (await publishedMails(h)).filter(
      (m): m is Extract<MailJob, { template: 'event-reminder' }> =>
        m.template === 'event-reminder' && m.title === 'Link Derby',
    );
    const mine = mails.find((m) => m.to === player.email)!;
    const signed = (answer: string) =>
      new RegExp(
        `^http://club\\.test/api/events/answer/${player.userId}\\.${event!.id}\\.${answer}\\.\\d+\\.[\\w-]{43}$`,
      );
    expect(mine.answerLinks).toEqual({
      attending: expect.stringMatching(signed('attending')),
      maybe: expect.stringMatching(signed('maybe')),
      'not-attending': expect.stringMatching(signed('not-attending')),
    });
    // Each recipient gets links of their own.
    const theirs = mails.find((m) => m.to === admin.email)!;
    expect(theirs.answerLinks!.attending).toContain(admin.userId);

    // The link from the mail answers for its member.
    expect((await confirm(mine.answerLinks!.maybe)).status).toBe(200);
    expect(await answerOf(player, event!.id)).toBe('maybe');
  });
});

describe('GET /api/events/answer/{token}', () => {
  it("when a good link is opened, then a page in the club's branding asks to confirm, and nothing is recorded", async () => {
    const player = await h.memberFor('player', "O'Neil <Sam>");
    const [event] = await createEvent(h, admin.token, {
      title: 'Cup <Final>',
      location: 'North & South Park',
      eventDate: clubDateTime(5, '18:30'),
    });

    const res = await open(linksOf(player, event!).attending);

    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toMatch(/^<!doctype html>\s*<html lang="en">/);
    expect(res.text).toContain('<title>Answer Going? - Riverside &lt;FC&gt;</title>');
    expect(res.text).toContain(
      '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    );
    expect(res.text).toContain('<meta name="referrer" content="no-referrer" />');
    // The branding: title, header colour with a text colour that reads on it, and the logo.
    expect(res.text).toContain('<header style="background:#fde047;color:#000000">');
    expect(res.text).toMatch(
      /<img src="\/api\/settings\/icons\/icon-192\.png\?v=[0-9a-f]+" alt=""/,
    );
    expect(res.text).toContain('<p>Riverside &lt;FC&gt;</p>');
    // The event and the member, escaped; the one button posts back to this same link.
    expect(res.text).toContain('<h1>Answer Going?</h1>');
    expect(res.text).toContain('Hello O&#39;Neil &lt;Sam&gt;,');
    expect(res.text).toContain('<strong>Cup &lt;Final&gt;</strong>');
    expect(res.text).toContain(' at North &amp; South Park');
    expect(res.text).toContain(
      '<form method="post"><button type="submit">Confirm: Going</button></form>',
    );
    expect(res.text).toContain('<a href="http://club.test/schedule">Open the schedule in');
    expect(res.text).not.toContain('<script');
    expect(await answerOf(player, event!.id)).toBeUndefined();
  });

  it('when no branding event has arrived yet, then the page comes in the default branding; after one, in its title and colour, and an older one arriving late changes nothing', async () => {
    const other = await startEvents();
    try {
      const member = await other.memberFor('player');
      const adminThere = await other.memberFor('admin');
      const [event] = await createEvent(other, adminThere.token);
      const link = other.service.deps.answerLinks.linksFor(member.userId, {
        id: event!.id,
        eventDate: new Date(event!.event_date),
      })['not-attending'];

      const res = await request(other.server).get(pathOf(link));

      expect(res.status).toBe(200);
      expect(res.text).toContain('<title>Answer Can&#39;t Go? - TeamApp</title>');
      expect(res.text).toContain('<header style="background:#2563eb;color:#ffffff">');
      expect(res.text).not.toContain('<img');

      const branding = (appTitle: string, headerColor: string, at: number) =>
        other.queues.add(
          'events-branding',
          {
            appTitle,
            headerColor,
            logoBackground: 'transparent',
            logoUrl: null,
            updatedAt: new Date(at).toISOString(),
          },
          randomUUID(),
        );
      await branding('Harbour FC', '#0b7285', Date.now());
      await eventually(async () => (await titleOf(other, link))?.endsWith('Harbour FC'), {
        what: 'the page in the branding received',
      });
      const branded = await request(other.server).get(pathOf(link));
      expect(branded.text).toContain('<header style="background:#0b7285;color:#ffffff">');
      expect(branded.text).toContain('<p>Harbour FC</p>');

      // An event older than the one kept (queued before it, delivered after) is ignored.
      await branding('Old Name FC', '#fde047', Date.now() - 60_000);
      await drained(other.queues.queue('events-branding'));
      expect(await titleOf(other, link)).toBe('Answer Can&#39;t Go? - Harbour FC');
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/events/answer/{token}', () => {
  it('when a good link is confirmed, then the answer is recorded as the app records it, and confirming again changes nothing', async () => {
    const player = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(6) });
    const links = linksOf(player, event!);

    const first = await confirm(links.attending);
    const again = await confirm(links.attending);

    for (const res of [first, again]) {
      expect(res.status).toBe(200);
      expect(res.type).toBe('text/html');
      expect(res.text).toContain('<h1>You&#39;re going</h1>');
      expect(res.text).toContain('Your answer is recorded: Going.');
      expect(res.text).not.toContain('<form');
    }
    const rows = await h.service.base.db
      .select()
      .from(rsvps)
      .where(and(eq(rsvps.userId, player.userId), eq(rsvps.eventId, event!.id)));
    expect(rows.map((r) => r.status)).toEqual(['attending']);
    // The schedule the app reads shows it (its cached list was dropped, as after the app's RSVP).
    const list = await request(h.server).get('/api/events').set(auth(player.token));
    const mine = list.body.mine as Record<string, { user_id: string; status: string }>;
    expect(mine[event!.id]).toMatchObject({ user_id: player.userId, status: 'attending' });

    // Another of the member's links changes the answer, as answering again in the app does.
    const changed = await confirm(links['not-attending']);
    expect(changed.text).toContain('<h1>You can&#39;t go</h1>');
    expect(await answerOf(player, event!.id)).toBe('not-attending');
  });
});

describe('refused links', () => {
  it('when a link is altered, cut short, or made with another key, then 400 with a clear page, and nothing changes', async () => {
    const player = await h.memberFor('player');
    const other = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(8) });
    const [another] = await createEvent(h, admin.token, { eventDate: clubDateTime(9) });
    const good = linksOf(player, event!).maybe;
    const token = good.slice(good.lastIndexOf('/') + 1);
    const [memberId, eventId, , expires, signature] = token.split('.');
    const base = 'http://club.test/api/events/answer/';
    const flipped = signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    const foreign = answerLinkSigner(randomBytes(32));
    const altered = [
      // The signature changed, or cut short.
      `${base}${memberId}.${eventId}.maybe.${expires}.${flipped}`,
      `${base}${token.slice(0, -1)}`,
      // Another answer, member, event or expiry under this signature.
      `${base}${memberId}.${eventId}.attending.${expires}.${signature}`,
      `${base}${other.userId}.${eventId}.maybe.${expires}.${signature}`,
      `${base}${memberId}.${another!.id}.maybe.${expires}.${signature}`,
      `${base}${memberId}.${eventId}.maybe.${Number(expires) + 86_400}.${signature}`,
      // Signed, but not with this club's key.
      `${base}${foreign.sign(player.userId, event!.id, 'maybe', new Date(event!.event_date))}`,
      `${base}not-a-link`,
    ];

    for (const url of altered) {
      await expectRefused(url, player, event!.id, 400, 'This link does not work');
      await expectRefused(url, other, event!.id, 400, 'This link does not work');
      await expectRefused(url, player, another!.id, 400, 'This link does not work');
    }
    expect(await answerOf(player, event!.id)).toBeUndefined();
    expect(await answerOf(other, event!.id)).toBeUndefined();
    expect(await answerOf(player, another!.id)).toBeUndefined();
  });

  it("when another member's link is used, then it answers for that member only", async () => {
    const player = await h.memberFor('player');
    const other = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(8) });

    await confirm(linksOf(other, event!).attending);

    expect(await answerOf(other, event!.id)).toBe('attending');
    expect(await answerOf(player, event!.id)).toBeUndefined();
  });

  it('when the event has started, then 410 saying so, and the answer stays as it was', async () => {
    const player = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token, {
      eventDate: new Date(h.now().getTime() + 2 * HOUR).toISOString(),
    });
    const links = linksOf(player, event!);
    await confirm(links.maybe);

    h.advance(3 * HOUR);
    try {
      await expectRefused(
        links.attending,
        player,
        event!.id,
        410,
        'This event has already started',
      );
    } finally {
      h.advance(-3 * HOUR);
    }
    expect(await answerOf(player, event!.id)).toBe('maybe');
  });

  it('when the link has expired (the event moved later since it was sent), then 410 saying so', async () => {
    const player = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(4) });
    const stale = h.service.deps.answerLinks.linksFor(player.userId, {
      id: event!.id,
      eventDate: new Date(h.now().getTime() - 60_000),
    });

    await expectRefused(stale.attending, player, event!.id, 410, 'This link has expired');
  });

  it('when the event was deleted, then 410 saying it no longer exists', async () => {
    const player = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(4) });
    const links = linksOf(player, event!);
    const res = await request(h.server).delete(`/api/events/${event!.id}`).set(auth(admin.token));
    expect(res.status).toBe(200);

    await expectRefused(links.attending, player, event!.id, 410, 'This event no longer exists');
  });

  it('when the member has left the club, then 403 and nothing is recorded', async () => {
    const player = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(4) });
    const links = linksOf(player, event!);
    await setTeams(player, [], 'left');

    await expectRefused(links.attending, player, event!.id, 403, 'This link is no longer valid');
  });

  it("when the member is no longer in the event's team, then 403; while they are, the link answers", async () => {
    const player = await h.memberFor('player');
    await setTeams(player, [{ teamId: TEAM, role: 'player' }], 'updated');
    const [event] = await createEvent(h, admin.token, {
      eventDate: clubDateTime(4),
      teamId: TEAM,
    });
    const links = linksOf(player, event!);
    expect((await confirm(links.maybe)).status).toBe(200);

    await setTeams(player, [], 'updated');

    await expectRefused(links.attending, player, event!.id, 403, 'This event is not for your team');
    expect(await answerOf(player, event!.id)).toBe('maybe');
  });
});

describe('in a browser, 375 px wide', () => {
  it('when a member opens a link and presses the button, then each page passes axe (WCAG 2.2 AA) without sideways scrolling, and the answer is recorded', async () => {
    const player = await h.memberFor('player', 'Robin Browser');
    const [event] = await createEvent(h, admin.token, {
      title: 'A rather long event title for a narrow phone screen',
      eventDate: clubDateTime(3),
    });
    const server = http.createServer(h.server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
      const page = await context.newPage();
      const audit = async () => {
        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
          .analyze();
        expect(
          violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
        ).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          375,
        );
      };

      await page.goto(`${base}${pathOf(linksOf(player, event!).attending)}`);
      expect(await page.title()).toBe('Answer Going? - Riverside <FC>');
      await audit();
      expect(await answerOf(player, event!.id)).toBeUndefined();

      await page.getByRole('button', { name: 'Confirm: Going' }).click();
      await page.getByRole('heading', { name: "You're going" }).waitFor();
      await audit();
      expect(await answerOf(player, event!.id)).toBe('attending');

      const refused = await page.goto(`${base}/api/events/answer/not-a-link`);
      expect(refused?.status()).toBe(400);
      await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
      await audit();
    } finally {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the signing key', () => {
  it('when NODE_ENV=production has no ANSWER_LINK_KEY, then the service refuses to start naming it; one not 32 bytes is refused too', async () => {
    const production = { NODE_ENV: 'production', DATA_DIR: 'memory://', JWT_PUBLIC_KEY: 'x' };
    await expect(createEventsService(loadEventsConfig(production))).rejects.toThrow(
      'ANSWER_LINK_KEY is required when NODE_ENV=production',
    );
    await expect(
      createEventsService(loadEventsConfig({ ...production, ANSWER_LINK_KEY: 'short' })),
    ).rejects.toThrow('ANSWER_LINK_KEY must be 32 bytes');
  });
});
