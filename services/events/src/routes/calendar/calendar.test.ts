import * as ical from 'node-ical';
import request from 'supertest';
import {
  auth,
  clubDateTime,
  createEvent,
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
