import * as ical from 'node-ical';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { calendarFeeds } from '../../db/schema';
import {
  auth,
  clubDateTime,
  createEvent,
  eventually,
  startEvents,
  type EventsHarness,
  type Member,
} from '../../../test/harness';

let h: EventsHarness;
let admin: Member;
beforeAll(async () => {
  h = await startEvents();
  admin = await h.memberFor('admin');
});
afterAll(async () => {
  await h.close();
});

async function feedUrl(token: string): Promise<string> {
  const res = await request(h.server).get('/api/calendar/feed').set(auth(token));
  expect(res.status).toBe(200);
  return res.body.data.url;
}

/** The path of a feed URL, fetched without any Authorization header. */
const fetchFeed = (url: string) => request(h.server).get(new URL(url).pathname);

const vevents = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter(
    (c): c is ical.VEvent => !!c && c.type === 'VEVENT',
  );

describe('GET /api/calendar/feed', () => {
  it('when a member asks, then a private URL that needs no sign-in comes back, the same each time', async () => {
    const player = await h.memberFor('player');

    const first = await request(h.server).get('/api/calendar/feed').set(auth(player.token));
    const second = await feedUrl(player.token);

    expect(first.body).toEqual({ success: true, data: { url: expect.any(String) } });
    expect(first.body.data.url).toMatch(/^http:\/\/club\.test\/api\/calendar\/[\w-]{32}\.ics$/);
    expect(second).toBe(first.body.data.url);
    expect(await feedUrl(admin.token)).not.toBe(second);
  });

  it('when nobody is signed in, then 401', async () => {
    expect((await request(h.server).get('/api/calendar/feed')).status).toBe(401);
  });
});

describe('the feed itself', () => {
  it('when fetched without a token header, then text/calendar that parses with every event and my answer', async () => {
    const player = await h.memberFor('player');
    const [match] = await createEvent(h, admin.token, {
      title: 'Cup Final',
      description: 'Bring both kits; arrive early',
      location: 'City Stadium, Gate 4',
      eventDate: '2030-07-01T19:00',
      type: 'game',
    });
    const [training] = await createEvent(h, admin.token, { title: 'Recovery Session' });
    await request(h.server)
      .post(`/api/events/${match!.id}/rsvp`)
      .set(auth(player.token))
      .send({ status: 'attending' });

    const res = await fetchFeed(await feedUrl(player.token));

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const events = vevents(res.text);
    const final = events.find((e) => e.uid === `${match!.id}@teamapp`)!;
    expect(final.summary).toBe('Cup Final (Going)');
    expect(final.location).toBe('City Stadium, Gate 4');
    expect(final.description).toBe('Bring both kits; arrive early');
    expect(final.start.toISOString()).toBe('2030-07-02T00:00:00.000Z');
    expect(final.end?.toISOString()).toBe('2030-07-02T02:00:00.000Z');
    const other = events.find((e) => e.uid === `${training!.id}@teamapp`)!;
    expect(other.summary).toBe('Recovery Session (No Response)');
  });

  it("when an absence answered, then the summary says Can't Go", async () => {
    const player = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(9) });
    await request(h.server)
      .post('/api/availability')
      .set(auth(player.token))
      .send({
        startDate: clubDateTime(9).slice(0, 10),
        endDate: clubDateTime(9).slice(0, 10),
        isAvailable: false,
      });

    const res = await fetchFeed(await feedUrl(player.token));

    const mine = vevents(res.text).find((e) => e.uid === `${event!.id}@teamapp`);
    expect(mine?.summary).toBe("Training (Can't Go)");
  });

  it('when the token is unknown or malformed, then 404', async () => {
    const unknown = await request(h.server).get(`/api/calendar/${'a'.repeat(32)}.ics`);
    const malformed = await request(h.server).get('/api/calendar/%27or%201=1.ics');
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
  });
});

describe('POST /api/calendar/feed/regenerate', () => {
  it('when a member regenerates, then a new URL works and the old one stops working', async () => {
    const player = await h.memberFor('player');
    const old = await feedUrl(player.token);

    const res = await request(h.server)
      .post('/api/calendar/feed/regenerate')
      .set(auth(player.token));

    expect(res.status).toBe(200);
    const fresh = res.body.data.url as string;
    expect(fresh).not.toBe(old);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(fresh)).status).toBe(200);
    expect(await feedUrl(player.token)).toBe(fresh);
  });

  it('when nobody is signed in, then 401', async () => {
    expect((await request(h.server).post('/api/calendar/feed/regenerate')).status).toBe(401);
  });
});

describe('a member who leaves the club', () => {
  /**
   * What auth publishes when an admin deactivates or deletes a member (a `left` event, the same
   * for both), delivered on the events service's own queue as in production.
   */
  const leaves = (userId: string) =>
    h.queues.add(
      'events-members',
      { userId, kind: 'left', at: new Date().toISOString() },
      randomUUID(),
    );
  const feedRows = async (userId: string) =>
    (await h.service.base.db.select().from(calendarFeeds)).filter((r) => r.userId === userId);

  it.each(['deactivated', 'deleted'])(
    'when the member is %s, then every feed URL they had answers 404 at once and no token is kept',
    async () => {
      const player = await h.memberFor('player');
      const first = await feedUrl(player.token);
      const regenerated = await request(h.server)
        .post('/api/calendar/feed/regenerate')
        .set(auth(player.token));
      const url = regenerated.body.data.url as string;
      expect((await fetchFeed(url)).status).toBe(200);
      expect((await fetchFeed(first)).status).toBe(404);

      await leaves(player.userId);

      const gone = await eventually(async () => {
        const res = await fetchFeed(url);
        return res.status === 404 ? res : undefined;
      });
      expect(gone.body).toMatchObject({ success: false, error: 'Calendar feed not found' });
      expect(await feedRows(player.userId)).toEqual([]);
    },
  );

  it('when the same departure is handled twice, then the second changes nothing and fails nothing', async () => {
    const player = await h.memberFor('player');
    const url = await feedUrl(player.token);
    const left = { userId: player.userId, kind: 'left' as const, at: new Date().toISOString() };

    expect(await h.service.deps.members.memberChanged(left)).toBe(true);
    expect(await h.service.deps.members.memberChanged(left)).toBe(true);

    expect((await fetchFeed(url)).status).toBe(404);
    expect(await feedRows(player.userId)).toEqual([]);
  });

  it('when a departed member still holds a session and makes a new feed, then it answers 404', async () => {
    const player = await h.memberFor('player');
    await h.service.deps.members.memberChanged({
      userId: player.userId,
      kind: 'left',
      at: new Date().toISOString(),
    });

    const url = await feedUrl(player.token);

    expect((await fetchFeed(url)).status).toBe(404);
  });

  it('when a member who joined again asks, then a fresh feed works and the old URL stays dead', async () => {
    const player = await h.memberFor('player');
    const old = await feedUrl(player.token);
    const at = Date.now();
    await h.service.deps.members.memberChanged({
      userId: player.userId,
      kind: 'left',
      at: new Date(at).toISOString(),
    });
    await h.service.deps.members.memberChanged({
      userId: player.userId,
      kind: 'joined',
      at: new Date(at + 1).toISOString(),
    });

    const fresh = await feedUrl(player.token);

    expect(fresh).not.toBe(old);
    expect((await fetchFeed(fresh)).status).toBe(200);
    expect((await fetchFeed(old)).status).toBe(404);
  });
});

describe("the service's log", () => {
  it('when feeds are fetched, found or not, then no log line carries a feed token', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'teamapp-events-log-'));
    const file = path.join(dir, 'events.log');
    const logged = await startEvents({ env: { LOG_LEVEL: 'info', LOG_FILE: file } });
    try {
      const player = await logged.memberFor('player');
      const res = await request(logged.server).get('/api/calendar/feed').set(auth(player.token));
      const feed = new URL(res.body.data.url as string).pathname;
      const token = /\/api\/calendar\/([\w-]{32})\.ics$/.exec(feed)![1]!;

      expect((await request(logged.server).get(feed)).status).toBe(200);
      await logged.service.deps.members.memberChanged({
        userId: player.userId,
        kind: 'left',
        at: new Date().toISOString(),
      });
      expect((await request(logged.server).get(feed)).status).toBe(404);

      const text = await readFile(file, 'utf8');
      expect(text).toContain('/api/calendar/[redacted]');
      expect(text).toContain('request refused');
      expect(text).not.toContain(token);
    } finally {
      await logged.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
