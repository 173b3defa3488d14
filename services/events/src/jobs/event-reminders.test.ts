/**
 * Reminder jobs against the real Redis with a controlled clock: the delays are computed from the
 * service's clock, so a reminder "72 hours before" can be made due in a few hundred ms, and the
 * handler is called directly with the clock set where a test needs it. No real waits.
 */
import request from 'supertest';
import { reminderJobId } from '../domain/reminders';
import {
  auth,
  clubDateTime,
  createEvent,
  eventually,
  startEvents,
  type EventsHarness,
  type Member,
  publishedMails,
} from '../../test/harness';

const HOUR = 3_600_000;

let h: EventsHarness;
let admin: Member;
beforeAll(async () => {
  h = await startEvents();
  admin = await h.memberFor('admin');
});
afterAll(async () => {
  await h.close();
});

const reminders = () => h.service.base.queues.queue('event-reminders');

async function waiting(eventId: string, eventDate: string) {
  const at = new Date(eventDate);
  const [early, late] = await Promise.all([
    reminders().getJob(reminderJobId(eventId, '72h', at)),
    reminders().getJob(reminderJobId(eventId, '24h', at)),
  ]);
  return { early, late };
}

describe('scheduling reminders', () => {
  it('when an event is created, then a 72 h and a 24 h reminder wait with their delays', async () => {
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(6) });
    const start = new Date(event!.event_date).getTime();

    const { early, late } = await waiting(event!.id, event!.event_date);

    expect(await early?.getState()).toBe('delayed');
    expect(await late?.getState()).toBe('delayed');
    expect(early!.timestamp + early!.delay).toBeGreaterThan(start - 72 * HOUR - 10_000);
    expect(early!.timestamp + early!.delay).toBeLessThanOrEqual(start - 72 * HOUR + 10_000);
    expect(late!.data).toEqual({
      eventId: event!.id,
      step: '24h',
      startsAt: new Date(start).toISOString(),
    });
  });

  it('when the event is less than 72 h away, then only the 24 h reminder waits', async () => {
    const [event] = await createEvent(h, admin.token, {
      eventDate: new Date(h.now().getTime() + 48 * HOUR).toISOString(),
    });

    const { early, late } = await waiting(event!.id, event!.event_date);

    expect(early).toBeUndefined();
    expect(await late?.getState()).toBe('delayed');
  });

  it('when scheduling runs twice, then each reminder is there once', async () => {
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(9) });
    const timed = { id: event!.id, eventDate: new Date(event!.event_date) };

    await h.service.deps.reminderScheduler.schedule([timed]);
    await h.service.deps.reminderScheduler.reconcile();

    const ids = (await reminders().getJobs(['delayed'])).map((j) => j.id);
    expect(ids.filter((id) => id?.includes(event!.id))).toHaveLength(2);
  });

  it('when the event moves, then the old reminders go and new ones wait', async () => {
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(6) });

    const res = await request(h.server)
      .put(`/api/events/${event!.id}`)
      .set(auth(admin.token))
      .send({ title: 'Training', eventDate: clubDateTime(8), location: 'Main Field' });

    const old = await waiting(event!.id, event!.event_date);
    expect(old.early).toBeUndefined();
    expect(old.late).toBeUndefined();
    const moved = await waiting(event!.id, res.body.data.events[0].event_date);
    expect(await moved.early?.getState()).toBe('delayed');
    expect(await moved.late?.getState()).toBe('delayed');
  });

  it('when the event is deleted, then its reminders are dropped', async () => {
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(6) });

    await request(h.server).delete(`/api/events/${event!.id}`).set(auth(admin.token));

    const { early, late } = await waiting(event!.id, event!.event_date);
    expect(early).toBeUndefined();
    expect(late).toBeUndefined();
  });
});

describe('sending a reminder', () => {
  it('when it runs, then members without an answer get a notification and a mail, others nothing', async () => {
    const silent = await h.memberFor('player', 'Sam Silent');
    const answered = await h.memberFor('player');
    const away = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token, {
      title: 'Derby Day',
      location: 'North Park',
      eventDate: '2031-05-02T19:00',
    });
    await request(h.server)
      .post(`/api/events/${event!.id}/rsvp`)
      .set(auth(answered.token))
      .send({ status: 'maybe' });
    await request(h.server)
      .post('/api/availability')
      .set(auth(away.token))
      .send({ startDate: '2031-05-02', endDate: '2031-05-02', isAvailable: false });

    const reminded = await h.service.deps.reminders.send({
      eventId: event!.id,
      step: '24h',
      startsAt: event!.event_date,
    });

    expect(reminded).toBeGreaterThanOrEqual(2);
    const note = (await h.published('notifications')).find(
      (n) => n.title === 'Reminder: Derby Day',
    )!;
    expect(note.message).toBe(
      'Fri, May 2, 2031, 7:00 PM at North Park. Let your team know whether you are going.',
    );
    // A reminder: its push offers Going and Can't Go for this event (reference §7).
    expect(note).toMatchObject({ kind: 'reminders', eventId: event!.id });
    const userIds = 'userIds' in note.audience ? note.audience.userIds : [];
    expect(userIds).toEqual(expect.arrayContaining([silent.userId, admin.userId]));
    expect(userIds).not.toContain(answered.userId);
    expect(userIds).not.toContain(away.userId);
    const mails = (await publishedMails(h)).filter(
      (m) => m.template === 'event-reminder' && m.title === 'Derby Day',
    );
    expect(mails.map((m) => m.to).sort()).toEqual([admin.email, silent.email].sort());
    expect(mails.find((m) => m.to === silent.email)).toMatchObject({
      name: 'Sam Silent',
      when: 'Fri, May 2, 2031, 7:00 PM',
      location: 'North Park',
      scheduleUrl: 'http://club.test/schedule',
    });
  });

  it('when the same step runs twice, then nobody is reminded twice', async () => {
    await h.memberFor('player');
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(10) });
    const job = { eventId: event!.id, step: '72h' as const, startsAt: event!.event_date };

    const first = await h.service.deps.reminders.send(job);
    const second = await h.service.deps.reminders.send(job);

    expect(first).toBeGreaterThan(0);
    expect(second).toBe(0);
  });

  it('when the event moved after the job was made, then the stale job sends nothing', async () => {
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(10) });
    const stale = new Date(new Date(event!.event_date).getTime() - HOUR).toISOString();

    const sent = await h.service.deps.reminders.send({
      eventId: event!.id,
      step: '24h',
      startsAt: stale,
    });

    expect(sent).toBe(0);
  });

  it('when the event has started by the time the job runs, then it sends nothing', async () => {
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(1) });
    h.advance(2 * 24 * HOUR);
    try {
      const sent = await h.service.deps.reminders.send({
        eventId: event!.id,
        step: '24h',
        startsAt: event!.event_date,
      });
      expect(sent).toBe(0);
    } finally {
      h.advance(-2 * 24 * HOUR);
    }
  });

  it('when the delay runs out, then the worker reminds through the real queue', async () => {
    const start = Date.now() + 5 * 24 * HOUR;
    // Move the clock so that 72 h before the event is 300 ms from "now", and hold it there: the
    // reminder is due 300 ms after it is scheduled however long saving the event takes (on a
    // busy machine more than 300 ms, and a reminder already due when scheduled is skipped).
    const shift = start - 72 * HOUR - 300 - Date.now();
    h.advance(shift);
    h.freeze();
    try {
      const [event] = await createEvent(h, admin.token, {
        title: 'Quick Reminder',
        eventDate: new Date(start).toISOString(),
      });

      const note = await eventually(async () =>
        (await h.published('notifications')).find((n) => n.title === 'Reminder: Quick Reminder'),
      );

      expect('userIds' in note.audience && note.audience.userIds).toContain(admin.userId);
      const job = await reminders().getJob(
        reminderJobId(event!.id, '72h', new Date(event!.event_date)),
      );
      expect(await job?.getState()).toBe('completed');
    } finally {
      h.unfreeze();
      h.advance(-shift);
    }
  });
});
