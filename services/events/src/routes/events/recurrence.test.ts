import { sql } from 'drizzle-orm';
import request from 'supertest';
import { series as seriesTable } from '../../db/schema';
import { DateTime } from 'luxon';
import {
  auth,
  clubDateTime,
  createEvent,
  startEvents,
  TEST_TIME_ZONE,
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

type Listed = {
  id: string;
  title: string;
  location: string;
  event_date: string;
  seriesId: string | null;
  recurrence: unknown;
  attendees: { user_id: string; status: string }[];
};

async function series(seriesId: string): Promise<Listed[]> {
  const res = await request(h.server).get('/api/events').set(auth(admin.token));
  return res.body.events.filter((e: Listed) => e.seriesId === seriesId);
}

const localTime = (iso: string) =>
  DateTime.fromISO(iso, { zone: TEST_TIME_ZONE }).toFormat('ccc HH:mm');

/** A weekly Monday and Wednesday training, four times, from the next Monday. */
async function weekly(title = 'Weekly Training') {
  const monday = DateTime.now().setZone(TEST_TIME_ZONE).plus({ weeks: 1 }).set({ weekday: 1 });
  const events = await createEvent(h, admin.token, {
    title,
    eventDate: `${monday.toISODate()}T18:30`,
    recurrence: { weekdays: ['MO', 'WE'], count: 4 },
  });
  return { events, seriesId: events[0]!.seriesId! };
}

describe('creating a recurring event', () => {
  it('when weekly days and a count are given, then that many events share one series', async () => {
    const { events, seriesId } = await weekly();

    expect(events).toHaveLength(4);
    const listed = await series(seriesId);
    expect(listed.map((e) => localTime(e.event_date))).toEqual([
      'Mon 18:30',
      'Wed 18:30',
      'Mon 18:30',
      'Wed 18:30',
    ]);
    expect(listed[0]!.recurrence).toEqual({ weekdays: ['MO', 'WE'], count: 4 });
  });

  it('when a series is created, then the answer says events were created and everyone hears once', async () => {
    const res = await request(h.server)
      .post('/api/events')
      .set(auth(admin.token))
      .send({
        title: 'Sunday League',
        eventDate: clubDateTime(3),
        location: 'Park',
        type: 'game',
        recurrence: { weekdays: ['SU'], until: clubDateTime(40).slice(0, 10) },
      });

    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Events created successfully');
    const notes = (await h.published('notifications')).filter(
      (n) => n.title === 'New events: Sunday League',
    );
    expect(notes).toHaveLength(1);
  });

  it.each([
    [{ weekdays: ['MO'] }, 'recurrence needs an end'],
    [{ weekdays: ['MO'], count: 2, until: '2031-01-01' }, 'not both'],
    [{ weekdays: [], count: 2 }, 'recurrence.weekdays'],
    [{ weekdays: ['XX'], count: 2 }, 'recurrence.weekdays'],
    [{ weekdays: ['MO'], count: 0 }, 'recurrence.count'],
    [{ weekdays: ['MO'], count: 2.5 }, 'recurrence.count'],
    [{ weekdays: ['MO'], until: 'soon' }, 'recurrence.until'],
    [{ weekdays: ['MO'], until: '2099-01-01' }, 'within 2 years'],
    [{ weekdays: ['MO', 'TU', 'WE', 'TH', 'FR'], count: 700 }, 'within 2 years'],
    ['weekly', 'recurrence'],
  ])('when the rule is %j, then 400 (%s) and nothing is created', async (recurrence, words) => {
    const before = (await request(h.server).get('/api/events').set(auth(admin.token))).body.events
      .length;

    const res = await request(h.server)
      .post('/api/events')
      .set(auth(admin.token))
      .send({ title: 'Bad', eventDate: clubDateTime(2), location: 'Gym', recurrence });

    expect(res.status).toBe(400);
    expect(res.body.error).toContain(words);
    const after = (await request(h.server).get('/api/events').set(auth(admin.token))).body.events;
    expect(after).toHaveLength(before);
  });

  it('when writing the series fails midway, then no event of it is kept', async () => {
    const before = (await request(h.server).get('/api/events').set(auth(admin.token))).body.events
      .length;
    const seriesBefore = (await h.service.base.db.select().from(seriesTable)).length;
    // A database refusal at the last write of the transaction (the notification in the outbox).
    await h.service.base.db.execute(sql`
      create function events.refuse_outbox() returns trigger language plpgsql as $$
      begin raise exception 'outbox refused'; end $$`);
    await h.service.base.db.execute(sql`
      create trigger refuse before insert on events.outbox
      for each row execute function events.refuse_outbox()`);
    try {
      const res = await request(h.server)
        .post('/api/events')
        .set(auth(admin.token))
        .send({
          title: 'Half Written',
          eventDate: clubDateTime(2),
          location: 'Gym',
          recurrence: { weekdays: ['MO', 'TU'], count: 10 },
        });

      expect(res.status).toBe(500);
      expect(res.body.error).toBe('Server error. Please try again later.');
    } finally {
      await h.service.base.db.execute(sql`drop trigger refuse on events.outbox`);
      await h.service.base.db.execute(sql`drop function events.refuse_outbox()`);
    }
    const after = (await request(h.server).get('/api/events').set(auth(admin.token))).body.events;
    expect(after).toHaveLength(before);
    expect(await h.service.base.db.select().from(seriesTable)).toHaveLength(seriesBefore);
  });
});

describe('answers in a series', () => {
  it('when a member answers one occurrence, then only that occurrence has the answer', async () => {
    const player = await h.memberFor('player');
    const { events, seriesId } = await weekly();

    await request(h.server)
      .post(`/api/events/${events[1]!.id}/rsvp`)
      .set(auth(player.token))
      .send({ status: 'attending' });

    const statuses = (await series(seriesId)).map(
      (e) => e.attendees.find((a) => a.user_id === player.userId)!.status,
    );
    expect(statuses).toEqual(['pending', 'attending', 'pending', 'pending']);
  });
});

describe('changing a series', () => {
  const edit = (id: string, scope: string, body: Record<string, unknown>) =>
    request(h.server)
      .put(`/api/events/${id}?scope=${scope}`)
      .set(auth(admin.token))
      .send({ title: 'Weekly Training', location: 'Main Field', ...body });

  it('when one occurrence is changed with scope this, then the others stay', async () => {
    const { events, seriesId } = await weekly();

    const res = await edit(events[1]!.id, 'this', {
      title: 'Extra Session',
      eventDate: events[1]!.event_date,
      recurrence: { weekdays: ['MO', 'WE'], count: 4 },
    });

    expect(res.status).toBe(200);
    expect((await series(seriesId)).map((e) => e.title)).toEqual([
      'Weekly Training',
      'Extra Session',
      'Weekly Training',
      'Weekly Training',
    ]);
  });

  it('when the time changes with scope following, then this and later ones move, earlier stay', async () => {
    const { events, seriesId } = await weekly();
    const second = DateTime.fromISO(events[1]!.event_date, { zone: TEST_TIME_ZONE });

    const res = await edit(events[1]!.id, 'following', {
      location: 'Indoor Hall',
      eventDate: `${second.toISODate()}T20:00`,
      recurrence: { weekdays: ['MO', 'WE'], count: 4 },
    });

    expect(res.status).toBe(200);
    const listed = await series(seriesId);
    expect(listed.map((e) => `${localTime(e.event_date)} ${e.location}`)).toEqual([
      'Mon 18:30 Main Field',
      'Wed 20:00 Indoor Hall',
      'Mon 20:00 Indoor Hall',
      'Wed 20:00 Indoor Hall',
    ]);
  });

  it('when the weekdays change with scope following, then later events follow the new rule', async () => {
    const { events, seriesId } = await weekly();
    const second = DateTime.fromISO(events[1]!.event_date, { zone: TEST_TIME_ZONE });
    const thursday = second.plus({ days: 1 });

    const res = await edit(events[1]!.id, 'following', {
      eventDate: `${thursday.toISODate()}T18:30`,
      recurrence: { weekdays: ['TH'], count: 3 },
    });

    expect(res.status).toBe(200);
    expect((await series(seriesId)).map((e) => localTime(e.event_date))).toEqual(['Mon 18:30']);
    const newSeries = res.body.data.events[0].seriesId as string;
    expect(newSeries).not.toBe(seriesId);
    expect((await series(newSeries)).map((e) => localTime(e.event_date))).toEqual([
      'Thu 18:30',
      'Thu 18:30',
      'Thu 18:30',
    ]);
  });

  it('when a single event gets a recurrence, then it becomes the first of a series', async () => {
    const [single] = await createEvent(h, admin.token, { eventDate: clubDateTime(5, '17:00') });
    const weekday = DateTime.fromISO(single!.event_date, { zone: TEST_TIME_ZONE, locale: 'en-US' })
      .toFormat('ccc')
      .slice(0, 2)
      .toUpperCase();

    const res = await edit(single!.id, 'this', {
      eventDate: clubDateTime(5, '17:00'),
      recurrence: { weekdays: [weekday], count: 3 },
    });

    expect(res.status).toBe(200);
    expect(res.body.data.events).toHaveLength(3);
    expect(res.body.data.events[0].id).toBe(single!.id);
  });
});

describe('deleting from a series', () => {
  it('when scope is following, then this and later occurrences go, earlier stay', async () => {
    const { events, seriesId } = await weekly();

    const res = await request(h.server)
      .delete(`/api/events/${events[2]!.id}?scope=following`)
      .set(auth(admin.token));

    expect(res.status).toBe(200);
    expect(res.body.data.deleted).toBe(2);
    expect((await series(seriesId)).map((e) => e.id)).toEqual([events[0]!.id, events[1]!.id]);
  });

  it('when scope is this (the default), then only that occurrence goes', async () => {
    const { events, seriesId } = await weekly();

    const res = await request(h.server)
      .delete(`/api/events/${events[1]!.id}`)
      .set(auth(admin.token));

    expect(res.body.data.deleted).toBe(1);
    expect((await series(seriesId)).map((e) => e.id)).toEqual([
      events[0]!.id,
      events[2]!.id,
      events[3]!.id,
    ]);
  });
});
