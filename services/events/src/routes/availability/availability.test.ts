import { randomUUID } from 'node:crypto';
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

type Attendee = { user_id: string; status: string; reason?: string; auto?: boolean };

const day = (daysFromNow: number) => clubDateTime(daysFromNow).slice(0, 10);

async function addEntry(token: string, body: Record<string, unknown>) {
  return request(h.server).post('/api/availability').set(auth(token)).send(body);
}

async function attendeeOf(token: string, eventId: string, userId: string) {
  const res = await request(h.server).get('/api/events').set(auth(token));
  const event = res.body.events.find((e: { id: string }) => e.id === eventId);
  return {
    attendee: event.attendees.find((a: Attendee) => a.user_id === userId) as Attendee,
    away: event.away as { user_id: string; name: string; reason: string }[] | undefined,
  };
}

describe('GET /api/availability', () => {
  it('when a member asks, then only their own entries come back, earliest first', async () => {
    const me = await h.memberFor('player');
    const other = await h.memberFor('player');
    await addEntry(me.token, { startDate: day(20), endDate: day(21), isAvailable: true });
    await addEntry(me.token, {
      startDate: day(10),
      endDate: day(12),
      isAvailable: false,
      reason: 'Exams',
    });
    await addEntry(other.token, { startDate: day(5), endDate: day(5), isAvailable: false });

    const res = await request(h.server).get('/api/availability').set(auth(me.token));

    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toEqual([
      {
        id: expect.any(String),
        user_id: me.userId,
        start_date: day(10),
        end_date: day(12),
        is_available: false,
        reason: 'Exams',
      },
      {
        id: expect.any(String),
        user_id: me.userId,
        start_date: day(20),
        end_date: day(21),
        is_available: true,
      },
    ]);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).get('/api/availability');
    expect(res.status).toBe(401);
  });
});

describe('POST /api/availability', () => {
  it('when a member adds an entry, then 201 with the entry', async () => {
    const me = await h.memberFor('player');

    const res = await addEntry(me.token, {
      startDate: day(3),
      endDate: day(4),
      isAvailable: false,
      reason: ' Wedding ',
    });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      data: { start_date: day(3), end_date: day(4), is_available: false, reason: 'Wedding' },
    });
  });

  it('when the reason is empty, then it is left out', async () => {
    const me = await h.memberFor('player');

    const res = await addEntry(me.token, {
      startDate: day(3),
      endDate: day(3),
      isAvailable: false,
      reason: '  ',
    });

    expect(res.status).toBe(201);
    expect(res.body.data).not.toHaveProperty('reason');
  });

  it.each([
    [{ startDate: day(5), endDate: day(4), isAvailable: false }, 'endDate'],
    [{ startDate: '2030-02-30', endDate: '2030-03-01', isAvailable: false }, 'startDate'],
    [{ startDate: '03/01/2030', endDate: '2030-03-01', isAvailable: false }, 'startDate'],
    [{ startDate: day(1), isAvailable: false }, 'endDate'],
    [{ startDate: day(1), endDate: day(1) }, 'isAvailable'],
    [{ startDate: day(1), endDate: day(1), isAvailable: false, reason: 7 }, 'reason'],
  ])('when the body is %j, then 400 naming %s and nothing is stored', async (body, field) => {
    const me = await h.memberFor('player');

    const res = await addEntry(me.token, body);

    expect(res.status).toBe(400);
    expect(res.body.error).toContain(field);
    const list = await request(h.server).get('/api/availability').set(auth(me.token));
    expect(list.body.data).toEqual([]);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server)
      .post('/api/availability')
      .send({ startDate: day(1), endDate: day(1), isAvailable: false });
    expect(res.status).toBe(401);
  });
});

describe('DELETE /api/availability/:id', () => {
  it('when a member deletes their entry, then it is gone', async () => {
    const me = await h.memberFor('player');
    const created = await addEntry(me.token, {
      startDate: day(1),
      endDate: day(2),
      isAvailable: true,
    });

    const res = await request(h.server)
      .delete(`/api/availability/${created.body.data.id}`)
      .set(auth(me.token));

    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const list = await request(h.server).get('/api/availability').set(auth(me.token));
    expect(list.body.data).toEqual([]);
  });

  it("when the entry is someone else's, then 404 and it stays", async () => {
    const owner = await h.memberFor('player');
    const created = await addEntry(owner.token, {
      startDate: day(1),
      endDate: day(2),
      isAvailable: false,
    });

    const res = await request(h.server)
      .delete(`/api/availability/${created.body.data.id}`)
      .set(auth(admin.token));

    expect(res.status).toBe(404);
    const list = await request(h.server).get('/api/availability').set(auth(owner.token));
    expect(list.body.data).toHaveLength(1);
  });

  it('when the entry does not exist, then 404', async () => {
    const res = await request(h.server)
      .delete(`/api/availability/${randomUUID()}`)
      .set(auth(admin.token));
    expect(res.status).toBe(404);
  });

  it('when the id is malformed, then 400', async () => {
    const res = await request(h.server).delete('/api/availability/x1').set(auth(admin.token));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('id');
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).delete(`/api/availability/${randomUUID()}`);
    expect(res.status).toBe(401);
  });
});

describe('absence that answers for you', () => {
  it('when a Not Available range covers an event, then the answer is not-attending with the reason', async () => {
    const player = await h.memberFor('player', 'Avery Away');
    const [covered] = await createEvent(h, admin.token, { eventDate: clubDateTime(8) });
    const [outside] = await createEvent(h, admin.token, { eventDate: clubDateTime(12) });
    await request(h.server)
      .post(`/api/events/${covered!.id}/rsvp`)
      .set(auth(player.token))
      .send({ status: 'attending' });

    await addEntry(player.token, {
      startDate: day(7),
      endDate: day(9),
      isAvailable: false,
      reason: 'Vacation',
    });

    const seen = await attendeeOf(admin.token, covered!.id, player.userId);
    expect(seen.attendee).toMatchObject({
      status: 'not-attending',
      reason: 'Unavailable: Vacation',
      auto: true,
    });
    expect(seen.away?.filter((a) => a.user_id === player.userId)).toEqual([
      { user_id: player.userId, name: 'Avery Away', reason: 'Vacation' },
    ]);
    expect((await attendeeOf(admin.token, outside!.id, player.userId)).attendee.status).toBe(
      'pending',
    );
  });

  it('when the member answers after the absence, then their own answer counts', async () => {
    const player = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(8) });
    await addEntry(player.token, { startDate: day(8), endDate: day(8), isAvailable: false });

    await request(h.server)
      .post(`/api/events/${event!.id}/rsvp`)
      .set(auth(player.token))
      .send({ status: 'maybe' });

    const { attendee, away } = await attendeeOf(admin.token, event!.id, player.userId);
    expect(attendee).toEqual({
      user_id: player.userId,
      status: 'maybe',
      response_date: expect.any(String),
    });
    expect(away?.map((a) => a.user_id)).toContain(player.userId);
  });

  it('when the entry is deleted, then the answer it gave is pending again', async () => {
    const player = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(8) });
    const entry = await addEntry(player.token, {
      startDate: day(8),
      endDate: day(8),
      isAvailable: false,
      reason: 'Work',
    });

    await request(h.server)
      .delete(`/api/availability/${entry.body.data.id}`)
      .set(auth(player.token));

    const { attendee, away } = await attendeeOf(admin.token, event!.id, player.userId);
    expect(attendee).toEqual({ user_id: player.userId, status: 'pending', response_date: null });
    expect(away?.map((a) => a.user_id)).not.toContain(player.userId);
  });

  it('when one of two overlapping entries is deleted, then the other answers instead', async () => {
    const player = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(8) });
    await addEntry(player.token, {
      startDate: day(6),
      endDate: day(9),
      isAvailable: false,
      reason: 'Trip',
    });
    const second = await addEntry(player.token, {
      startDate: day(8),
      endDate: day(8),
      isAvailable: false,
      reason: 'Injury',
    });

    await request(h.server)
      .delete(`/api/availability/${second.body.data.id}`)
      .set(auth(player.token));

    const { attendee } = await attendeeOf(admin.token, event!.id, player.userId);
    expect(attendee).toMatchObject({ status: 'not-attending', reason: 'Unavailable: Trip' });
  });

  it('when an event is created inside an absence, then it is answered; moved out, pending again', async () => {
    const player = await h.memberFor('player');
    await addEntry(player.token, {
      startDate: day(15),
      endDate: day(16),
      isAvailable: false,
      reason: 'Away',
    });

    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(15) });
    expect((await attendeeOf(admin.token, event!.id, player.userId)).attendee.status).toBe(
      'not-attending',
    );

    await request(h.server)
      .put(`/api/events/${event!.id}`)
      .set(auth(admin.token))
      .send({ title: 'Training', eventDate: clubDateTime(18), location: 'Main Field' });
    expect((await attendeeOf(admin.token, event!.id, player.userId)).attendee.status).toBe(
      'pending',
    );
  });

  it('when the range is marked Available, then nobody is answered for', async () => {
    const player = await h.memberFor('player');
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(8) });

    await addEntry(player.token, { startDate: day(8), endDate: day(8), isAvailable: true });

    expect((await attendeeOf(admin.token, event!.id, player.userId)).attendee.status).toBe(
      'pending',
    );
  });

  it('when the absence covers a past event, then that past answer stays as it was', async () => {
    const player = await h.memberFor('player');
    const [past] = await createEvent(h, admin.token, { eventDate: clubDateTime(-3) });

    await addEntry(player.token, { startDate: day(-4), endDate: day(-2), isAvailable: false });

    expect((await attendeeOf(admin.token, past!.id, player.userId)).attendee.status).toBe(
      'pending',
    );
  });
});

describe('GET /api/events/conflicts', () => {
  it('when an admin checks dates, then each lists the members away on it', async () => {
    const player = await h.memberFor('player', 'Casey Clash');
    await addEntry(player.token, {
      startDate: day(40),
      endDate: day(41),
      isAvailable: false,
      reason: 'Tournament',
    });

    const res = await request(h.server)
      .get(`/api/events/conflicts?date=${day(41)}&date=${day(42)}`)
      .set(auth(admin.token));

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        date: day(41),
        away: [{ user_id: player.userId, name: 'Casey Clash', reason: 'Tournament' }],
      },
      { date: day(42), away: [] },
    ]);
  });

  it.each(['', '?date=tomorrow', '?date=2030-02-30'])(
    'when the query is %j, then 400 naming date',
    async (query) => {
      const res = await request(h.server)
        .get(`/api/events/conflicts${query}`)
        .set(auth(admin.token));
      expect(res.status).toBe(400);
      expect(res.body.error).toContain('date');
    },
  );

  it('when a player asks, then 403', async () => {
    const player = await h.memberFor('player');
    const res = await request(h.server)
      .get(`/api/events/conflicts?date=${day(1)}`)
      .set(auth(player.token));
    expect(res.status).toBe(403);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).get(`/api/events/conflicts?date=${day(1)}`);
    expect(res.status).toBe(401);
  });
});
